import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { needsOnboarding } from '../../../core/rules/onboarding';
import { selectAccount, selectReloadingUser } from '../../../machines/flows/session.machine';
import { useSession, useSessionSelector } from '../../app/session-context';
import { Languages } from '../../../core/model/language';
import type { AccountType } from '../../../core/model/roles';
import type { OnboardingDraft } from '../../../machines/flows/onboarding.machine';
import { Button } from '../../components/Button/Button';
import { SelectableBlock } from '../../components/SelectableBlock/SelectableBlock';
import { TextField } from '../../components/TextField/TextField';
import { useAuthFlows } from '../../shared/AuthFlows';
import { FormMessages } from '../../shared/FormMessages';
import { NewPasswordFields } from '../../shared/NewPasswordFields';
import styles from '../../shared/Form.module.css';

/** Set-up finished on the server: loads the user again, then the gate lets the account through to /dashboard. */
function ToDashboard() {
  const session = useSession();
  const account = useSessionSelector(selectAccount);
  const reloading = useSessionSelector(selectReloadingUser);
  const [, navigate] = useLocation();
  const reloadAsked = useRef(false);
  useEffect(() => {
    if (!reloadAsked.current) {
      reloadAsked.current = true;
      session.send({ type: 'user.reload' });
      return;
    }
    if (!reloading && account && !needsOnboarding(account)) navigate('/dashboard');
  }, [reloading, account, session, navigate]);
  return null;
}

const STEPS = ['profile', 'language', 'password', 'remaining'] as const;
type Step = (typeof STEPS)[number];

export interface OnboardingFlowProps {
  /**
   * The customer's set-up (/customer/onboarding). Vendors, organizations and affiliates onboard through
   * PayoutOnboardingFlow, so this flow's titles exist for the customer only (`onboarding.customer.*`).
   */
  role: Extract<AccountType, 'customer'>;
  /** Above the steps (e.g. the customer's 'What is Tendwell?' link). */
  intro?: ReactNode;
  /** The last step: what finishing set-up needs from later areas, said plainly. */
  remaining: ReactNode;
}

/**
 * The onboarding steps the built calls support, driven by the onboarding chart: profile basics
 * (users/update), language (users/update), the first password after a quick sign-up
 * (users/password/update), then what remains.
 */
export function OnboardingFlow({ role, intro, remaining }: OnboardingFlowProps) {
  const intl = useIntl();
  const flows = useAuthFlows();
  const [, send, actor] = useMachine(flows.onboarding, { input: { role } });
  const draft = useSelector(actor, (s) => s.context.draft);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const notice = useSelector(actor, (s) => s.context.notice);
  const needsPassword = useSelector(actor, (s) => s.context.needsPassword);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const step = useSelector(actor, (s): Step | 'loading' => {
    if (s.hasTag('loading')) return 'loading';
    if (s.hasTag('profileStep')) return 'profile';
    if (s.hasTag('languageStep')) return 'language';
    if (s.hasTag('passwordStep')) return 'password';
    return 'remaining';
  });
  const finished = useSelector(actor, (s) => s.hasTag('finished'));
  const canFinish = useSelector(actor, (s) => s.can({ type: 'onboarding.finish' }));
  const id = useId();
  const change = (values: Partial<OnboardingDraft>) => send({ type: 'onboarding.change', values });
  const next = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'onboarding.next' });
  };

  // Move focus to the step's heading when the step changes (the page does not reload).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step && step !== 'loading') headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  const steps = STEPS.filter((s) => s !== 'password' || needsPassword || step === 'password');
  const problem = (field: keyof OnboardingDraft) => (fieldErrors[field] ? intl.formatMessage({ id: `auth.field.${fieldErrors[field]}` }) : undefined);
  const back = (
    <Button variant="text" onClick={() => send({ type: 'onboarding.back' })} disabled={busy}>
      {intl.formatMessage({ id: 'onboarding.back' })}
    </Button>
  );

  let body: ReactNode;
  switch (step) {
    case 'loading':
      body = <p role="status">{intl.formatMessage({ id: 'common.loading' })}</p>;
      break;
    case 'profile':
      body = (
        <form className={styles.form} onSubmit={next} noValidate aria-busy={busy || undefined}>
          <FormMessages error={error} />
          <div className={styles.row}>
            <TextField
              id={`${id}-first`}
              name="first_name"
              label={intl.formatMessage({ id: 'auth.register.field.first_name' })}
              value={draft.first_name}
              onChange={(first_name) => change({ first_name })}
              autoComplete="given-name"
              required
              error={problem('first_name')}
              disabled={busy}
            />
            <TextField
              id={`${id}-last`}
              name="last_name"
              label={intl.formatMessage({ id: 'auth.register.field.last_name' })}
              value={draft.last_name}
              onChange={(last_name) => change({ last_name })}
              autoComplete="family-name"
              disabled={busy}
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit" loading={busy}>
              {intl.formatMessage({ id: 'onboarding.next' })}
            </Button>
          </div>
        </form>
      );
      break;
    case 'language':
      body = (
        <form className={styles.form} onSubmit={next} noValidate aria-busy={busy || undefined}>
          <FormMessages error={error} />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{intl.formatMessage({ id: 'onboarding.language.legend' })}</legend>
            {Languages.map((language) => (
              <SelectableBlock
                key={language}
                type="radio"
                name="language"
                value={language}
                checked={draft.language === language}
                onChange={(checked) => checked && change({ language })}
                label={intl.formatMessage({ id: `onboarding.language.${language}` })}
                disabled={busy}
              />
            ))}
          </fieldset>
          <div className={styles.actions}>
            <Button type="submit" loading={busy}>
              {intl.formatMessage({ id: 'onboarding.next' })}
            </Button>
            {back}
          </div>
        </form>
      );
      break;
    case 'password':
      body = (
        <form className={styles.form} onSubmit={next} noValidate aria-busy={busy || undefined}>
          <p className={styles.lead}>{intl.formatMessage({ id: 'onboarding.password.lead' })}</p>
          <FormMessages error={error} />
          <NewPasswordFields
            id={`${id}-password`}
            password={draft.password}
            confirmation={draft.confirmation}
            onChange={change}
            error={problem('password')}
            mismatch={Boolean(fieldErrors.confirmation)}
            busy={busy}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={busy}>
              {intl.formatMessage({ id: 'onboarding.password.submit' })}
            </Button>
            <Button variant="text" onClick={() => send({ type: 'onboarding.skip' })} disabled={busy}>
              {intl.formatMessage({ id: 'onboarding.password.later' })}
            </Button>
            {back}
          </div>
        </form>
      );
      break;
    case 'remaining':
      body = (
        <div className={styles.form}>
          <FormMessages error={null} notice={notice} />
          {remaining}
          {finished ? <ToDashboard /> : null}
          <div className={styles.actions}>
            {role === 'customer' ? <Link href="/services">{intl.formatMessage({ id: 'onboarding.customer.book' })}</Link> : null}
            {canFinish || busy || finished ? (
              <Button variant="text" loading={busy || finished} onClick={() => send({ type: 'onboarding.finish' })} disabled={busy || finished}>
                {intl.formatMessage({ id: 'onboarding.customer.skip' })}
              </Button>
            ) : null}
            {back}
          </div>
        </div>
      );
      break;
  }

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>{intl.formatMessage({ id: `onboarding.${role}.title` })}</h1>
        <p className={styles.lead}>{intl.formatMessage({ id: `onboarding.${role}.lead` })}</p>
      </header>
      {intro}
      {step !== 'loading' ? (
        <ol className={styles.steps} aria-label={intl.formatMessage({ id: 'onboarding.steps' })}>
          {steps.map((s, index) => (
            <li key={s} className={s === step ? styles.current : undefined} aria-current={s === step ? 'step' : undefined}>
              {intl.formatMessage({ id: 'onboarding.stepLabel' }, { number: index + 1, name: intl.formatMessage({ id: `onboarding.step.${s}` }) })}
            </li>
          ))}
        </ol>
      ) : null}
      <section aria-labelledby={`${id}-step`}>
        {step !== 'loading' ? (
          <h2 id={`${id}-step`} ref={headingRef} tabIndex={-1} className={styles.legend}>
            {intl.formatMessage({ id: `onboarding.step.${step}` })}
          </h2>
        ) : null}
        {body}
      </section>
    </div>
  );
}
