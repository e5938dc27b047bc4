import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ScreenProps } from '../../app/routing';
import { StatusScreen } from '../../app/shell/StatusScreen';
import statusStyles from '../../app/shell/StatusScreen.module.css';

/** /organization/pending-approval — a new organization must be approved before use (accounts §1, §4). */
export function PendingApprovalScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  return (
    <StatusScreen
      icon="bell"
      tone="brand"
      title={intl.formatMessage({ id: 'onboarding.pendingApproval.title' })}
      message={intl.formatMessage({ id: 'onboarding.pendingApproval.message' })}
    >
      <Link href="/logout" className={statusStyles.link}>
        {intl.formatMessage({ id: 'shell.footer.logout' })}
      </Link>
    </StatusScreen>
  );
}
