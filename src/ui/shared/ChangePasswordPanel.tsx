import { PasswordFlow } from './PasswordFlow';
import { withAuthMessages } from '../i18n/auth-messages';

/** Change the password on a settings or profile page: users/password/update → 'Password updated!' for 4 s. */
function ChangePasswordPanelView() {
  return <PasswordFlow input={{ mode: 'change' }} variant="panel" />;
}

/** With its texts (`auth.*.json`): they load with this component, not with the app. */
export const ChangePasswordPanel = withAuthMessages(ChangePasswordPanelView);
