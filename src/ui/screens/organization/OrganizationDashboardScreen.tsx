import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { personName } from '../../../core/rules/appointment-views';
import { selectDashboardData, selectDashboardError, selectDashboardMode } from '../../../machines/features/organization-dashboard.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { useMessageForError } from '../../i18n/errors';
import { withOrganizationMessages } from '../../i18n/organization-messages';
import { useOrganizationMachines } from '../../shared/Organization';
import styles from './Organization.module.css';
import { visitTime } from '../../shared/visit-time';

/**
 * /organization (issue 11 "Team and area"): the organization's dashboard — today's visits (times in its area's
 * zone), this month's earnings from completed visits, and what waits for it (approval and time-off requests,
 * handled on /actions/appointments), with the way to its team and its profile.
 */
function OrganizationDashboardScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const account = useSessionSelector(selectAccount);
  const machines = useOrganizationMachines();
  const chart = useActorRef(machines.dashboard, { input: { organizationId: (account?._id ?? '') as AccountId } });
  const mode = useSelector(chart, selectDashboardMode);
  const data = useSelector(chart, selectDashboardData);
  const error = useSelector(chart, selectDashboardError);

  if (mode === 'loading') return <ScreenLoading />;
  if (mode === 'error' || !data)
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('team.dashboard.title')}</h1>
        <p role="alert" className={styles.error}>
          {`${t('team.dashboard.loadError')} ${error ? errorText(error) : ''}`}
        </p>
        <div className={styles.actions}>
          <Button variant="text" onClick={() => chart.send({ type: 'dashboard.retry' })}>
            {t('team.review.retry')}
          </Button>
        </div>
      </div>
    );

  const zone = data.time_zone;
  const visits = data.today_appointments ?? [];
  const earnings = data.month_earnings;
  const timeOff = data.pending_time_off?.length ?? 0;
  const approvals = data.pending_approvals ?? 0;
  const vendors = data.vendors?.length ?? 0;
  const dayLabel = data.today ? intl.formatDate(`${data.today}T12:00:00Z`, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }) : '';
  const monthLabel = earnings ? intl.formatDate(`${earnings.month}-15T12:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' }) : '';

  return (
    <div className={styles.page}>
      <div className={styles.stack}>
        <h1 className={styles.title}>{data.organization.company_name || t('team.dashboard.title')}</h1>
        <p className={styles.lead}>{t('team.dashboard.lead', { day: dayLabel })}</p>
      </div>

      <section aria-labelledby="dashboard-waiting" className={styles.stack}>
        <h2 id="dashboard-waiting" className={styles.sectionTitle}>
          {t('team.dashboard.waiting')}
        </h2>
        <ul className={styles.cards}>
          <li className={styles.card}>
            <span className={styles.figure}>{intl.formatNumber(approvals)}</span>
            <span>{t('team.dashboard.approvals', { count: approvals })}</span>
            <Link href="/actions/appointments">{t('team.dashboard.approvalsLink')}</Link>
          </li>
          <li className={styles.card}>
            <span className={styles.figure}>{intl.formatNumber(timeOff)}</span>
            <span>{t('team.dashboard.timeOff', { count: timeOff })}</span>
            <Link href="/actions/appointments">{t('team.dashboard.timeOffLink')}</Link>
          </li>
          <li className={styles.card}>
            <span className={styles.figure}>{earnings ? intl.formatNumber(earnings.amount / 100, { style: 'currency', currency: earnings.currency.toUpperCase() }) : '—'}</span>
            <span>{t('team.dashboard.earnings', { month: monthLabel, count: earnings?.visits ?? 0 })}</span>
            <Link href="/organization/view-transfers">{t('team.dashboard.earningsLink')}</Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="dashboard-today" className={styles.stack}>
        <h2 id="dashboard-today" className={styles.sectionTitle}>
          {t('team.dashboard.today', { count: visits.length })}
        </h2>
        {visits.length === 0 ? (
          <p className={styles.message}>{t('team.dashboard.noVisits')}</p>
        ) : (
          <ul className={styles.list}>
            {visits.map((visit) => (
              <li key={visit._id} className={styles.item}>
                <div className={styles.itemHead}>
                  <h3 className={styles.itemName}>
                    <Link href={`/organization/appointment/${visit._id}`}>
                      {t('team.dashboard.visit', {
                        time: visitTime(intl, visit.start_time, visit.time_zone ?? zone),
                        service: visit.service_data.name,
                      })}
                    </Link>
                  </h3>
                  <span className={styles.status}>{t(`team.dashboard.status.${visit.status}`)}</span>
                </div>
                <dl className={styles.facts}>
                  <dt>{t('team.dashboard.customer')}</dt>
                  <dd>{personName(visit.customer_data)}</dd>
                  <dt>{t('team.dashboard.vendor')}</dt>
                  <dd>{visit.vendor_data ? personName(visit.vendor_data) : t('team.dashboard.noVendor')}</dd>
                  {visit.address_data?.address_formatted ? (
                    <>
                      <dt>{t('team.dashboard.address')}</dt>
                      <dd>{visit.address_data.address_formatted}</dd>
                    </>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.message}>
          <Link href="/organization/appointments">{t('team.dashboard.allVisits')}</Link>
        </p>
      </section>

      <nav aria-labelledby="dashboard-more" className={styles.stack}>
        <h2 id="dashboard-more" className={styles.sectionTitle}>
          {t('team.dashboard.more')}
        </h2>
        <ul className={styles.links}>
          <li>
            <Link href="/organization/vendors">{t('team.dashboard.team', { count: vendors })}</Link>
          </li>
          <li>
            <Link href="/organization/profile">{t('team.dashboard.profile')}</Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

export default withOrganizationMessages(OrganizationDashboardScreen);
