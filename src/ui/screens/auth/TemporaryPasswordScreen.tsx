import { PasswordFlow } from '../../shared/PasswordFlow';

export interface TemporaryPasswordScreenProps {
  /** The login's temporary token; read from temporary_password_reset_token when absent. */
  token?: string;
  /** The temporary password the person just typed, when the login form hands it over. */
  oldPassword?: string;
  /** Back to the login form (the session's `login.restart`). */
  onBack?: () => void;
}

/**
 * A login whose temporary password must be replaced first (accounts §4): auth/reset-new-password with the
 * x-temporary-token header; success signs in (the token goes to the session).
 */
export function TemporaryPasswordScreen({ token, oldPassword, onBack }: TemporaryPasswordScreenProps) {
  return <PasswordFlow input={{ mode: 'temporary', token, oldPassword }} onBack={onBack} />;
}
