import { PasswordFlow } from '../../shared/PasswordFlow';

export interface LostPasswordScreenProps {
  /** Prefills the e-mail (what the person typed on the login form). */
  username?: string;
  /** Back to the login form in place (the login screen's mode switch); a link to /login otherwise. */
  onBack?: () => void;
}

/** Lost password (accounts §4 mode request): auth/lost-password → 'Check your email for a link to reset your password' for 4 s. */
export function LostPasswordScreen({ username, onBack }: LostPasswordScreenProps) {
  return <PasswordFlow input={{ mode: 'request', username }} onBack={onBack} />;
}
