import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { selectReviewMode, selectReviewTotal } from '../../../machines/features/organization-review.machine';
import type { ScreenProps } from '../../app/routing';
import { Card } from '../../components/Card/Card';
import { withOrganizationMessages } from '../../i18n/organization-messages';
import { useOrganizationMachines } from '../../shared/Organization';
import DashboardScreen from '../notifications/DashboardScreen';
import { OrganizationReview } from './OrganizationReview';
import styles from './Organization.module.css';

/** How many pending organizations the /admin queue shows at once (oldest first). */
const QUEUE_SIZE = 10;

/**
 * /admin (issue 11 "Approval"): the landing dashboard of every role, plus the queue of organizations waiting for
 * approval, oldest first; super approves or rejects each one here (the organization-review chart).
 */
function AdminDashboardScreen(props: Partial<ScreenProps>) {
  const intl = useIntl();
  const machines = useOrganizationMachines();
  const chart = useActorRef(machines.review, { input: { request: { kind: 'queue', pageSize: QUEUE_SIZE } } });
  const mode = useSelector(chart, selectReviewMode);
  const total = useSelector(chart, selectReviewTotal);
  return (
    <div className={styles.page}>
      <DashboardScreen {...props} />
      <Card title={intl.formatMessage({ id: 'team.review.queueTitle' })}>
        <div className={styles.stack}>
          {mode === 'ready' ? <p className={styles.lead}>{intl.formatMessage({ id: 'team.review.queueCount' }, { count: total })}</p> : null}
          <OrganizationReview chart={chart} linked headingLevel={3} />
        </div>
      </Card>
    </div>
  );
}

export default withOrganizationMessages(AdminDashboardScreen);
