import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { selectProfileError, selectProfileMode, selectProfileVendor } from '../../../machines/features/team.machine';
import { selectAccount } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { useMessageForError } from '../../i18n/errors';
import { withTeamMessages } from '../../i18n/team-messages';
import { useTeamMachines } from '../../shared/Team';
import styles from './Team.module.css';
import { VendorStatusTag, vendorName } from './VendorStatusTag';

/**
 * /organization/vendor/{id} (issue 11 "Team"): one vendor of the team — its profile, and removing it from the
 * team (asked twice). A vendor of another organization is 'Vendor not found or not part of this organization'.
 */
function VendorScreen({ params }: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useMessageForError();
  const account = useSessionSelector(selectAccount);
  const machines = useTeamMachines();
  const chart = useActorRef(machines.profile, { input: { organizationId: (account?._id ?? '') as AccountId, vendorId: (params?.id ?? '') as AccountId } });
  const mode = useSelector(chart, selectProfileMode);
  const vendor = useSelector(chart, selectProfileVendor);
  const error = useSelector(chart, selectProfileError);
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

export default withTeamMessages(VendorScreen);
