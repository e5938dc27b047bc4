import { PasswordFlow } from './PasswordFlow';

/** Change the password on a settings or profile page: users/password/update → 'Password updated!' for 4 s. */
export function ChangePasswordPanel() {
  return <PasswordFlow input={{ mode: 'change' }} variant="panel" />;
}
