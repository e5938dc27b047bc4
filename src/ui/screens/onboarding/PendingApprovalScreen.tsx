import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { selectAccount, selectReloadingUser } from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { useSession, useSessionSelector } from '../../app/session-context';
import { StatusScreen } from '../../app/shell/StatusScreen';
import statusStyles from '../../app/shell/StatusScreen.module.css';
import { Button } from '../../components/Button/Button';
import { withOnboardingMessages } from '../../i18n/onboarding-messages';

export interface PendingApprovalScreenProps extends Partial<ScreenProps> {
  /** 'Check again': loads the user again; an approved organization then moves on to /organization. */
  readonly onCheckAgain?: () => void;
  readonly checking?: boolean;
  /** Super rejected the organization (meta.approval_status): it is told so instead of waiting. */
  readonly rejected?: boolean;
}

/** /organization/pending-approval — a new organization must be approved before use (accounts §1, §4). */
function PendingApprovalScreenView({ onCheckAgain, checking = false, rejected = false }: PendingApprovalScreenProps) {
  const intl = useIntl();
  const state = rejected ? 'onboarding.pendingApproval.rejected' : 'onboarding.pendingApproval';
  return (
    <StatusScreen
      icon="bell"
      tone={rejected ? 'danger' : 'brand'}
      title={intl.formatMessage({ id: `${state}.title` })}
      message={intl.formatMessage({ id: `${state}.message` })}
    >
      {onCheckAgain ? (
        <Button onClick={onCheckAgain} disabled={checking}>
          {intl.formatMessage({ id: checking ? 'onboarding.pendingApproval.checking' : 'onboarding.pendingApproval.checkAgain' })}
        </Button>
      ) : null}
      <Link href="/logout" className={statusStyles.link}>
        {intl.formatMessage({ id: 'shell.footer.logout' })}
      </Link>
    </StatusScreen>
  );
}

/**
 * The registered screen: 'Check again' asks the session to load the user again (`user.reload`); once the
 * organization is approved, the router's approval gate sends it on to /organization (accounts §4).
 */
export function PendingApprovalSessionScreen(props: Partial<ScreenProps>) {
  const session = useSession();
  const checking = useSessionSelector(selectReloadingUser);
  const account = useSessionSelector(selectAccount);
  return (
    <PendingApprovalScreen
      {...props}
      checking={checking}
      rejected={account?.meta.approval_status === 'rejected'}
      onCheckAgain={() => session.send({ type: 'user.reload' })}
    />
  );
}

/** With its texts (`onboarding.*.json`): they load with this component, not with the app. */
export const PendingApprovalScreen = withOnboardingMessages(PendingApprovalScreenView);
