import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PasswordDraft } from '../../core/rules/auth-flows';
import type { PasswordInput } from '../../machines/flows/password.machine';
import { Button } from '../components/Button/Button';
import { PasswordField } from '../components/PasswordField/PasswordField';
import { TextField } from '../components/TextField/TextField';
import { useToasts } from '../components/Toasts/useToasts';
import { useAuthFlows, useFlowMessage, useHandoff } from './AuthFlows';
import { FormMessages } from './FormMessages';
import { NewPasswordFields } from './NewPasswordFields';
import styles from './Form.module.css';

export interface PasswordFlowProps {
  input: PasswordInput;
  /** 'page' renders an h1 (screens); 'panel' an h2 (settings pages). */
  variant?: 'page' | 'panel';
  /** Replaces the 'Back to log in' link (e.g. the login screen switching modes in place). */
  onBack?: () => void;
}

const TITLES = {
  request: 'auth.lostPassword.title',
  action: 'auth.resetPassword.title',
  temporary: 'auth.temporaryPassword.title',
  change: 'auth.changePassword.title',
} as const;

/**
 * The password chart's four modes as one view (accounts §4, §5, §8): which form shows follows the
 * chart's state; drafts and field problems come from its context; confirmations vanish when the chart
 * says so (4 s). A finished flow hands its output over: /login after a reset, the session after a
 * temporary-password replacement.
 */
export function PasswordFlow({ input, variant = 'page', onBack }: PasswordFlowProps) {
  const intl = useIntl();
  const flowText = useFlowMessage();
  const flows = useAuthFlows();
  const toasts = useToasts();
  const [snapshot, send, actor] = useMachine(flows.password, { input });
  const draft = useSelector(actor, (s) => s.context.draft);
  const email = useSelector(actor, (s) => s.context.email);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const inRequest = useSelector(actor, (s) => s.hasTag('request'));
  const mode = inRequest ? 'request' : input.mode;
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const invalid = useSelector(actor, (s) => s.hasTag('invalid'));
  const saved = useSelector(actor, (s) => s.hasTag('saved'));
  const finished = snapshot.status === 'done';
  useHandoff(snapshot.output, finished);

  // A replaced temporary password signs in and leaves this screen: say so in a toast.
  const toasted = useRef(false);
  useEffect(() => {
    if (finished && input.mode === 'temporary' && notice && !toasted.current) {
      toasted.current = true;
      toasts.show({ kind: 'success', message: { id: 'error.code.new_password_set' } });
    }
  }, [finished, input.mode, notice, toasts]);

  const id = useId();
  const change = (values: Partial<PasswordDraft>) => send({ type: 'password.change', values });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'password.submit' });
  };
  const problem = (field: keyof PasswordDraft) => (fieldErrors[field] ? intl.formatMessage({ id: `auth.field.${fieldErrors[field]}` }) : undefined);
  const Heading = variant === 'page' ? 'h1' : 'h2';

  let body: ReactNode;
  if (checking) {
    body = <p role="status">{intl.formatMessage({ id: 'auth.resetPassword.checking' })}</p>;
  } else if (invalid) {
    body = (
      <>
        <p role="alert" className={styles.alert}>
          {error ? flowText(error) : intl.formatMessage({ id: input.mode === 'temporary' ? 'auth.temporaryPassword.expired' : 'auth.resetPassword.invalid' })}
        </p>
        <div className={styles.actions}>
          {input.mode === 'action' ? (
            <Button onClick={() => send({ type: 'password.requestLink' })}>{intl.formatMessage({ id: 'auth.resetPassword.newLink' })}</Button>
          ) : null}
          <Button variant={input.mode === 'action' ? 'text' : 'primary'} onClick={() => send({ type: 'password.dismiss' })}>
            {intl.formatMessage({ id: 'auth.backToLogin' })}
          </Button>
        </div>
      </>
    );
  } else if (saved || (finished && input.mode === 'action')) {
    body = (
      <>
        <FormMessages error={null} notice={notice} />
        <div className={styles.actions}>
          <Button onClick={() => send({ type: 'password.dismiss' })}>{intl.formatMessage({ id: 'auth.login.link' })}</Button>
        </div>
      </>
    );
  } else if (mode === 'request') {
    body = (
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <p className={styles.lead}>{intl.formatMessage({ id: 'auth.lostPassword.lead' })}</p>
        <FormMessages error={error} notice={notice} />
        <TextField
          id={`${id}-username`}
          name="username"
          type="email"
          label={intl.formatMessage({ id: 'auth.register.field.email' })}
          value={draft.username}
          onChange={(username) => change({ username })}
          autoComplete="username"
          required
          error={problem('username')}
          disabled={busy}
          autoFocus
        />
        <div className={styles.actions}>
          <Button type="submit" loading={busy}>
            {intl.formatMessage({ id: 'auth.lostPassword.submit' })}
          </Button>
        </div>
      </form>
    );
  } else {
    const needsCurrent = mode === 'temporary' || mode === 'change';
    body = (
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
        {mode === 'action' && email ? <p className={styles.lead}>{intl.formatMessage({ id: 'auth.resetPassword.for' }, { email })}</p> : null}
        {mode === 'temporary' ? <p className={styles.lead}>{intl.formatMessage({ id: 'auth.temporaryPassword.lead' })}</p> : null}
        <FormMessages error={error} notice={mode === 'change' ? notice : null} />
        {needsCurrent ? (
          <PasswordField
            id={`${id}-old`}
            mode="current"
            name="oldPassword"
            value={draft.oldPassword}
            onChange={(oldPassword) => change({ oldPassword })}
            label={intl.formatMessage({ id: mode === 'temporary' ? 'auth.temporaryPassword.current' : 'auth.changePassword.current' })}
            error={problem('oldPassword')}
            required
            disabled={busy}
          />
        ) : null}
        <NewPasswordFields
          id={`${id}-new`}
          password={draft.password}
          confirmation={draft.confirmation}
          onChange={change}
          error={problem('password')}
          mismatch={Boolean(fieldErrors.confirmation)}
          busy={busy}
          autoFocus={!needsCurrent}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={busy}>
            {intl.formatMessage({ id: `auth.${mode === 'action' ? 'resetPassword' : mode === 'temporary' ? 'temporaryPassword' : 'changePassword'}.submit` })}
          </Button>
        </div>
      </form>
    );
  }

  const back =
    input.mode === 'change' ? null : onBack ? (
      <Button variant="text" onClick={onBack}>
        {intl.formatMessage({ id: 'auth.backToLogin' })}
      </Button>
    ) : (
      <Link href="/login" className={styles.link}>
        {intl.formatMessage({ id: 'auth.backToLogin' })}
      </Link>
    );

  return (
    <section className={variant === 'page' ? styles.page : styles.panel} aria-labelledby={`${id}-title`}>
      <header>
        <Heading id={`${id}-title`} className={variant === 'page' ? styles.title : styles.panelTitle}>
          {intl.formatMessage({ id: TITLES[mode] })}
        </Heading>
      </header>
      {body}
      {back && !invalid ? <p className={styles.links}>{back}</p> : null}
    </section>
  );
}
