import { PasswordFlow } from '../../shared/PasswordFlow';

export interface ResetPasswordScreenProps {
  /** The `password_reset` value of /login?password_reset=<token> (the e-mailed link). */
  token: string;
  onBack?: () => void;
}

/**
 * The e-mailed reset link (accounts §4 mode action), shown by the login screen for
 * /login?password_reset=<token>: the link is checked, the new password set ('New password successfully
 * set', 4 s), then back to /login.
 */
export function ResetPasswordScreen({ token, onBack }: ResetPasswordScreenProps) {
  return <PasswordFlow input={{ mode: 'action', token }} onBack={onBack} />;
}
