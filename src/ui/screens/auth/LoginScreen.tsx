import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import {
  selectLoginForm,
  selectSignedIn,
  selectTemporaryPassword,
  selectTemporaryToken,
  selectUser,
  type LoginFormActor,
} from '../../../machines/flows/session.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { useSession, useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { PasswordField } from '../../components/PasswordField/PasswordField';
import { TextField } from '../../components/TextField/TextField';
import { FormMessages } from '../../shared/FormMessages';
import { LostPasswordScreen } from './LostPasswordScreen';
import { ResetPasswordScreen } from './ResetPasswordScreen';
import { TemporaryPasswordScreen } from './TemporaryPasswordScreen';
import { useOnce } from './useOnce';
import styles from '../../shared/Form.module.css';

/** The sign-in form: the session's `loginForm` child chart. */
function LoginForm({ form, confirmToken, claimToken, onLostPassword }: { form: LoginFormActor; confirmToken: string | null; claimToken: string | null; onLostPassword: (username: string) => void }) {
  const intl = useIntl();
  const username = useSelector(form, (s) => s.context.username);
  const password = useSelector(form, (s) => s.context.password);
  const error = useSelector(form, (s) => s.context.error);
  const notice = useSelector(form, (s) => s.context.notice);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const idle = useSelector(form, (s) => s.matches('editing'));

  // /login?confirm_account=<token> and ?claim_account=<token>: the e-mailed links, used once.
  useOnce(idle && confirmToken !== null, () => form.send({ type: 'login.confirmAccount', token: confirmToken ?? '' }));
  useOnce(idle && claimToken !== null, () => form.send({ type: 'login.claimAccount', token: claimToken ?? '' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'login.submit' });
  };

  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.title}>{intl.formatMessage({ id: 'auth.login.title' })}</h1>
        <p className={styles.lead}>{intl.formatMessage({ id: 'auth.login.lead' })}</p>
      </div>
      <FormMessages error={error} notice={notice} />
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <TextField
          label={intl.formatMessage({ id: 'auth.login.username' })}
          name="username"
          type="email"
          inputMode="email"
          autoComplete="username"
          required
          value={username}
          onChange={(value) => form.send({ type: 'login.change', field: 'username', value })}
          disabled={busy}
        />
        <PasswordField
          mode="current"
          name="password"
          required
          value={password}
          onChange={(value) => form.send({ type: 'login.change', field: 'password', value })}
          disabled={busy}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={busy}>
            {intl.formatMessage({ id: 'auth.login.submit' })}
          </Button>
          <Button type="button" variant="text" onClick={() => onLostPassword(username)}>
            {intl.formatMessage({ id: 'auth.login.lostPassword' })}
          </Button>
        </div>
      </form>
      <p className={styles.lead}>
        {intl.formatMessage({ id: 'auth.login.noAccount' })} <Link href="/register">{intl.formatMessage({ id: 'auth.login.register' })}</Link>
      </p>
    </div>
  );
}

/** Shown at /login to someone already signed in. */
function AlreadySignedIn() {
  const intl = useIntl();
  const user = useSessionSelector(selectUser);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{intl.formatMessage({ id: 'auth.login.signedInTitle' })}</h1>
      <p className={styles.lead}>{intl.formatMessage({ id: 'auth.login.signedInAs' }, { email: user?.email ?? '' })}</p>
      <div className={styles.actions}>
        <Link href="/">{intl.formatMessage({ id: 'auth.login.continue' })}</Link>
        <Link href="/logout">{intl.formatMessage({ id: 'shell.footer.logout' })}</Link>
      </div>
    </div>
  );
}

/**
 * /login (accounts §2, §4, §5): the sign-in form with the server's message on failure, and the e-mailed
 * links it receives — password_reset (set a new password), confirm_account, claim_account (claim, then set
 * a password) and id_token (sign in with the token). A login with a temporary password continues with the
 * replacement form; 'Forgot your password?' switches to the lost-password form in place.
 */
export default function LoginScreen(_: Partial<ScreenProps>) {
  const session = useSession();
  const query = new URLSearchParams(useSearch());
  const passwordReset = query.get('password_reset');
  const confirmAccount = query.get('confirm_account');
  const claimAccount = query.get('claim_account');
  const idToken = query.get('id_token');

  const [lost, setLost] = useState<{ username: string } | null>(null);
  const signedIn = useSessionSelector(selectSignedIn);
  const temporary = useSessionSelector((s) => s.hasTag('temporaryPassword'));
  const temporaryToken = useSessionSelector(selectTemporaryToken);
  const temporaryPassword = useSessionSelector(selectTemporaryPassword);
  const form = useSessionSelector(selectLoginForm);
  const claimedResetToken = useSelectorOrNull(form, (s) => s.context.resetToken);
  const canTakeToken = useSessionSelector((s) => idToken !== null && s.can({ type: 'session.tokenReceived', token: idToken }));

  // /login?id_token=<token>: a quick registration's token signs the person in (once).
  useOnce(canTakeToken, () => session.send({ type: 'session.tokenReceived', token: idToken ?? '' }));

  if (passwordReset) return <ResetPasswordScreen token={passwordReset} />;
  if (claimAccount && claimedResetToken) return <ResetPasswordScreen token={claimedResetToken} />;
  if (temporary) {
    return (
      <TemporaryPasswordScreen
        token={temporaryToken ?? undefined}
        oldPassword={temporaryPassword ?? undefined}
        onBack={() => session.send({ type: 'login.restart' })}
      />
    );
  }
  if (signedIn) return <AlreadySignedIn />;
  if (!form || (idToken && canTakeToken)) return <ScreenLoading />;
  if (lost) return <LostPasswordScreen username={lost.username || undefined} onBack={() => setLost(null)} />;
  return <LoginForm form={form} confirmToken={confirmAccount} claimToken={claimAccount} onLostPassword={(username) => setLost({ username })} />;
}

/** useSelector on an actor that may not exist yet (the form appears once the session is signed out). */
function useSelectorOrNull<T>(actor: LoginFormActor | undefined, selector: (s: ReturnType<LoginFormActor['getSnapshot']>) => T): T | null {
  return useSelector(actor, (s) => (s ? selector(s) : null));
}
