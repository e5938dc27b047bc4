import { useSelector } from '@xstate/react';
import { Suspense, lazy } from 'react';
import type { FormEvent, ReactNode } from 'react';
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
import styles from '../../shared/Form.module.css';

// The password forms (lost, reset link, temporary password) run the password chart: they load when the login
// screen switches to one of them, not with the sign-in form (tools/budgets.ts: /login's first paint).
const LostPasswordScreen = lazy(() => import('./LostPasswordScreen').then((m) => ({ default: m.LostPasswordScreen })));
const ResetPasswordScreen = lazy(() => import('./ResetPasswordScreen').then((m) => ({ default: m.ResetPasswordScreen })));
const TemporaryPasswordScreen = lazy(() => import('./TemporaryPasswordScreen').then((m) => ({ default: m.TemporaryPasswordScreen })));

/** A password form while its code arrives: the screen's loading state (a failed load reaches the screen's Retry). */
function PasswordForm({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>;
}

/** The sign-in form: the session's `loginForm` child chart. */
function LoginForm({ form }: { form: LoginFormActor }) {
  const intl = useIntl();
  const username = useSelector(form, (s) => s.context.username);
  const password = useSelector(form, (s) => s.context.password);
  const error = useSelector(form, (s) => s.context.error);
  const notice = useSelector(form, (s) => s.context.notice);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const canLoseIt = useSelector(form, (s) => s.can({ type: 'login.lostPassword' }));

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
          <Button type="button" variant="text" disabled={!canLoseIt} onClick={() => form.send({ type: 'login.lostPassword' })}>
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
 * replacement form; 'Forgot your password?' switches to the lost-password form in place (the login
 * chart's `lost` state).
 *
 * Nothing here fires on arrival: the router reports `route.entered` and the charts act on it — the session
 * takes an id_token, the login chart confirms or claims an account from its link.
 */
export default function LoginScreen(_: Partial<ScreenProps>) {
  const session = useSession();
  const query = new URLSearchParams(useSearch());
  const passwordReset = query.get('password_reset');
  const claimAccount = query.get('claim_account');
  const idToken = query.get('id_token');

  const signedIn = useSessionSelector(selectSignedIn);
  const temporary = useSessionSelector((s) => s.hasTag('temporaryPassword'));
  const temporaryToken = useSessionSelector(selectTemporaryToken);
  const temporaryPassword = useSessionSelector(selectTemporaryPassword);
  const form = useSessionSelector(selectLoginForm);
  const claimedResetToken = useSelectorOrNull(form, (s) => s.context.resetToken);
  const lost = useSelectorOrNull(form, (s) => s.hasTag('lost'));
  const lostUsername = useSelectorOrNull(form, (s) => s.context.username);

  if (passwordReset) {
    return (
      <PasswordForm>
        <ResetPasswordScreen token={passwordReset} />
      </PasswordForm>
    );
  }
  if (claimAccount && claimedResetToken) {
    return (
      <PasswordForm>
        <ResetPasswordScreen token={claimedResetToken} />
      </PasswordForm>
    );
  }
  if (temporary) {
    return (
      <PasswordForm>
        <TemporaryPasswordScreen
          token={temporaryToken ?? undefined}
          oldPassword={temporaryPassword ?? undefined}
          onBack={() => session.send({ type: 'login.restart' })}
        />
      </PasswordForm>
    );
  }
  if (signedIn) return <AlreadySignedIn />;
  // /login?id_token=<token>: the session takes the token on entering (a signed-out session always does).
  if (!form || idToken) return <ScreenLoading />;
  if (lost) {
    return (
      <PasswordForm>
        <LostPasswordScreen username={lostUsername || undefined} onBack={() => form.send({ type: 'login.back' })} />
      </PasswordForm>
    );
  }
  return <LoginForm form={form} />;
}

/** useSelector on an actor that may not exist yet (the form appears once the session is signed out). */
function useSelectorOrNull<T>(actor: LoginFormActor | undefined, selector: (s: ReturnType<LoginFormActor['getSnapshot']>) => T): T | null {
  return useSelector(actor, (s) => (s ? selector(s) : null));
}
