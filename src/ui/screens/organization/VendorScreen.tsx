import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { personName } from '../../../core/rules/appointment-views';
import { selectProfileError, selectProfileMode, selectProfileTimeOff, selectProfileVendor, selectProfileVisits } from '../../../machines/features/team-vendor.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { useMessageForError } from '../../i18n/errors';
import { withOrganizationMessages } from '../../i18n/organization-messages';
import { useOrganizationMachines } from '../../shared/Organization';
import styles from './Organization.module.css';
import { VendorStatusTag, vendorName } from './VendorStatusTag';
import { visitDateTime } from '../../shared/visit-time';

/**
 * /organization/vendor/{id} (issue 11 "Team"): one vendor of the team — its profile, working hours, time off and
 * visits to come, and removing it from the team (asked twice). A vendor of another organization is 'Vendor not found or not part of this organization'.
 */
function VendorScreen({ params }: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const account = useSessionSelector(selectAccount);
  const machines = useOrganizationMachines();
  const chart = useActorRef(machines.profile, { input: { organizationId: (account?._id ?? '') as AccountId, vendorId: (params?.id ?? '') as AccountId } });
  const mode = useSelector(chart, selectProfileMode);
  const vendor = useSelector(chart, selectProfileVendor);
  const error = useSelector(chart, selectProfileError);
  const timeOff = useSelector(chart, selectProfileTimeOff);
  const visits = useSelector(chart, selectProfileVisits);
  /** '0800' as the person reads a time of day. */
  const timeOfDay = (hhmm: string) => {
    const digits = hhmm.replace(':', '');
    return intl.formatTime(Date.UTC(2026, 0, 1, Number(digits.slice(0, 2)), Number(digits.slice(2, 4))), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  };
  /** 'monday' in the person's language (2026-11-23 was a Monday). */
  const dayName = (day: string) =>
    intl.formatDate(Date.UTC(2026, 10, 23 + ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(day), 12), { weekday: 'long', timeZone: 'UTC' });
  const back = (
    <p className={styles.message}>
      <Link href="/organization/vendors">{t('team.back')}</Link>
    </p>
  );

  if (mode === 'loading') return <ScreenLoading />;
  if (mode === 'missing' || mode === 'error')
    return (
      <div className={styles.page}>
        <p role="alert" className={styles.error}>
          {mode === 'missing' ? t('error.code.vendor_not_in_organization') : `${t('team.vendor.loadError')} ${error ? errorText(error) : ''}`}
        </p>
        {mode === 'error' ? (
          <Button variant="text" onClick={() => chart.send({ type: 'vendor.retry' })}>
            {t('team.review.retry')}
          </Button>
        ) : null}
        {back}
      </div>
    );
  const name = vendor ? vendorName(vendor) : '';
  return (
    <div className={styles.page}>
      <div className={styles.itemHead}>
        <h1 className={styles.title}>{name}</h1>
        {vendor && mode !== 'removed' ? <VendorStatusTag vendor={vendor} /> : null}
      </div>
      <p role="status" className={styles.message}>
        {mode === 'removed' ? t('team.vendor.removed', { name }) : ''}
      </p>
      {vendor && mode !== 'removed' ? (
        <>
          <dl className={styles.facts}>
            <dt>{t('team.list.email')}</dt>
            <dd>{vendor.primary_email}</dd>
            {vendor.created ? (
              <>
                <dt>{t('team.vendor.joined')}</dt>
                <dd>{intl.formatDate(vendor.created, { dateStyle: 'medium' })}</dd>
              </>
            ) : null}
          </dl>
          <section aria-labelledby="vendor-hours" className={styles.stack}>
            <h2 id="vendor-hours" className={styles.sectionTitle}>
              {t('team.vendor.hours')}
            </h2>
            {vendor.availability?.length ? (
              <ul className={styles.links}>
                {vendor.availability.map((w) => (
                  <li key={`${w.day_of_week}-${w.start}`}>{t('team.vendor.window', { day: dayName(w.day_of_week), start: timeOfDay(w.start), end: timeOfDay(w.end) })}</li>
                ))}
              </ul>
            ) : (
              <p className={styles.message}>{t('team.vendor.noHours')}</p>
            )}
          </section>
          <section aria-labelledby="vendor-time-off" className={styles.stack}>
            <h2 id="vendor-time-off" className={styles.sectionTitle}>
              {t('team.vendor.timeOff')}
            </h2>
            {timeOff.length ? (
              <ul className={styles.links}>
                {timeOff.map((off) => (
                  <li key={off.schedule_id}>
                    {t('team.vendor.offRange', {
                      from: intl.formatDate(off.start_time, { dateStyle: 'medium' }),
                      to: intl.formatDate(off.end_time, { dateStyle: 'medium' }),
                      status: t(`team.vendor.approval.${off.approval}`),
                    })}
                    {off.note ? ` — ${off.note}` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.message}>{t('team.vendor.noTimeOff')}</p>
            )}
            {timeOff.some((off) => off.approval === 'pending') ? <Link href="/actions/appointments">{t('team.dashboard.timeOffLink')}</Link> : null}
          </section>
          <section aria-labelledby="vendor-visits" className={styles.stack}>
            <h2 id="vendor-visits" className={styles.sectionTitle}>
              {t('team.vendor.visits')}
            </h2>
            {visits.length ? (
              <ul className={styles.links}>
                {visits.map((v) => (
                  <li key={v._id}>
                    <Link href={`/organization/appointment/${v._id}`}>
                      {t('team.vendor.visit', {
                        when: visitDateTime(intl, v.start_time, v),
                        service: v.service_data.name,
                        customer: personName(v.customer_data),
                      })}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.message}>{t('team.vendor.noVisits')}</p>
            )}
          </section>
          {error ? (
            <p role="alert" className={styles.error}>
              {errorText(error)}
            </p>
          ) : null}
          {mode === 'confirming' || mode === 'removing' ? (
            <div className={styles.stack}>
              <p className={styles.message}>{t('team.vendor.confirm', { name })}</p>
              <div className={styles.actions}>
                <Button variant="danger" loading={mode === 'removing'} onClick={() => chart.send({ type: 'vendor.confirm' })}>
                  {t('team.vendor.confirmYes')}
                </Button>
                <Button variant="text" disabled={mode === 'removing'} onClick={() => chart.send({ type: 'vendor.cancel' })}>
                  {t('team.vendor.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <div className={styles.actions}>
              <Button variant="danger" onClick={() => chart.send({ type: 'vendor.remove' })}>
                {t('team.vendor.remove')}
              </Button>
            </div>
          )}
        </>
      ) : null}
      {back}
    </div>
  );
}

export default withOrganizationMessages(VendorScreen);
