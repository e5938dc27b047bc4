import { useEffect, useId, useRef } from 'react';
import type { FormEvent } from 'react';
import { useMachine, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { HomeSizes } from '../../../core/model/service';
import {
  hasValues,
  signupTemplate,
  type RegistrationField,
  type RegistrationForm as Form,
  type SignupKind,
} from '../../../core/rules/registration';
import { REFERRAL_REWARD_CENTS } from '../../../core/rules/constants';
import { isErrorAbout } from '../../../core/rules/form-errors';
import { maskTypedPhone } from '../../../core/rules/phone';
import { Button } from '../../components/Button/Button';
import { PasswordField } from '../../components/PasswordField/PasswordField';
import { SelectableBlock } from '../../components/SelectableBlock/SelectableBlock';
import { TextField } from '../../components/TextField/TextField';
import { useAuthFlows, useFlowMessage, useHandoff } from '../../shared/AuthFlows';
import { FormMessages } from '../../shared/FormMessages';
import authStyles from './Auth.module.css';
import styles from '../../shared/Form.module.css';
import { withAuthMessages } from '../../i18n/auth-messages';

const TITLES: Record<SignupKind, { title: string; lead: string }> = {
  customer: { title: 'auth.register.customer.title', lead: 'auth.register.customer.lead' },
  customerQuick: { title: 'auth.register.customerQuick.title', lead: 'auth.register.customerQuick.lead' },
  quick: { title: 'auth.register.quick.title', lead: 'auth.register.quick.lead' },
  organization: { title: 'auth.register.organization.title', lead: 'auth.register.organization.lead' },
  affiliate: { title: 'auth.register.affiliate.title', lead: 'auth.register.affiliate.lead' },
};

const FOCUS_ORDER: readonly RegistrationField[] = ['first_name', 'last_name', 'email', 'home_size', 'address', 'phone_number', 'password', 'confirmation'];

/**
 * One sign-up page (accounts §2, §3): the fields of its template (core `signupTemplate`), driven by the
 * registration chart. The draft lives in the chart, so it survives a refused submit; field problems are
 * linked to their fields; server refusals ('Email already exists') are announced and marked on the field.
 */
function RegistrationFormView({ kind }: { kind: SignupKind }) {
  const intl = useIntl();
  const flowText = useFlowMessage();
  const flows = useAuthFlows();
  const search = useSearch();
  const [snapshot, send, actor] = useMachine(flows.registration, { input: { kind, search } });
  const form = useSelector(actor, (s) => s.context.form);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const version = useSelector(actor, (s) => s.context.version);
  const quote = useSelector(actor, (s) => s.context.query.quote);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const welcoming = useSelector(actor, (s) => s.hasTag('welcome'));
  useHandoff(snapshot.output, snapshot.status === 'done');

  const id = useId();
  const fieldId = (field: RegistrationField) => `${id}-${field}`;
  const template = signupTemplate(kind, version);
  const shown = new Set(template.fields);
  const required = new Set(template.required);
  const change = (values: Partial<Form>) => send({ type: 'registration.change', values });

  // After a refused submit, focus the first field with a problem (or the e-mail a server refusal names).
  const errorsSeen = useRef(fieldErrors);
  useEffect(() => {
    if (errorsSeen.current === fieldErrors) return;
    errorsSeen.current = fieldErrors;
    const first = FOCUS_ORDER.find((field) => fieldErrors[field] !== undefined);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }, [fieldErrors, id]);

  const problem = (field: RegistrationField): string | undefined => {
    const p = fieldErrors[field];
    if (p) return intl.formatMessage({ id: `auth.field.${p}` });
    if (field === 'email' && error && isErrorAbout(error.code, 'email')) return flowText(error);
    if (field === 'phone_number' && error && isErrorAbout(error.code, 'phone')) return flowText(error);
    return undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'registration.submit' });
  };

  const text = (field: 'first_name' | 'last_name' | 'email' | 'address', autoComplete: string, type = 'text') =>
    shown.has(field) ? (
      <TextField
        id={fieldId(field)}
        name={field}
        type={type}
        label={intl.formatMessage({ id: `auth.register.field.${field}` })}
        value={form[field]}
        onChange={(value) => change({ [field]: value })}
        autoComplete={autoComplete}
        required={required.has(field)}
        error={problem(field)}
        disabled={busy}
      />
    ) : null;

  const confirmationProblem = fieldErrors.confirmation && form.confirmation === '' ? intl.formatMessage({ id: 'auth.field.mismatch' }) : undefined;
  const { title, lead } = TITLES[kind];
  const reward = intl.formatNumber(REFERRAL_REWARD_CENTS / 100, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>{intl.formatMessage({ id: title })}</h1>
        <p className={styles.lead}>{intl.formatMessage({ id: lead }, { reward })}</p>
      </header>

      {template.showsQuote && hasValues(quote) ? (
        <section aria-label={intl.formatMessage({ id: 'auth.register.quote.title' })}>
          <dl className={authStyles.quote}>
            {Object.entries(quote)
              .filter(([, value]) => value)
              .map(([key, value]) => (
                <div key={key} className={authStyles.quoteRow}>
                  <dt>{intl.formatMessage({ id: `auth.register.quote.${key}` })}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </section>
      ) : null}

      <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
        <FormMessages
          error={error}
          notice={welcoming ? { message: '', code: 'registered' } : null}
          noticeText={intl.formatMessage({ id: 'auth.register.welcome' })}
        />
        <div className={styles.row}>
          {text('first_name', 'given-name')}
          {text('last_name', 'family-name')}
        </div>
        {text('email', 'username', 'email')}

        {shown.has('home_size') ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{intl.formatMessage({ id: 'auth.register.field.home_size' })}</legend>
            {HomeSizes.map((size) => (
              <SelectableBlock
                key={size}
                type="radio"
                name="home_size"
                value={size}
                checked={form.home_size === size}
                onChange={(checked) => checked && change({ home_size: size })}
                label={intl.formatMessage({ id: `auth.register.homeSize.${size}` })}
                disabled={busy}
              />
            ))}
          </fieldset>
        ) : null}

        {text('address', 'street-address')}

        {shown.has('phone_number') ? (
          <TextField
            id={fieldId('phone_number')}
            name="phone_number"
            type="tel"
            inputMode="tel"
            label={intl.formatMessage({ id: 'auth.register.field.phone_number' })}
            hint={intl.formatMessage({ id: form.account_confirmation_method === 'sms' ? 'auth.register.phoneHintSms' : 'auth.register.phoneHint' })}
            value={form.phone_number}
            onChange={(value) => change({ phone_number: maskTypedPhone(value) })}
            autoComplete="tel"
            required={form.account_confirmation_method === 'sms'}
            error={problem('phone_number')}
            disabled={busy}
          />
        ) : null}

        {shown.has('password') ? (
          <div>
            <PasswordField
              id={fieldId('password')}
              mode="new"
              value={form.password}
              onChange={(password) => change({ password })}
              confirmValue={form.confirmation}
              onConfirmChange={(confirmation) => change({ confirmation })}
              label={intl.formatMessage({ id: 'password.label' })}
              error={fieldErrors.password ? intl.formatMessage({ id: `auth.field.${fieldErrors.password}` }) : undefined}
              required
              disabled={busy}
            />
            {confirmationProblem ? (
              <p role="alert" className={styles.fieldError}>
                {confirmationProblem}
              </p>
            ) : null}
          </div>
        ) : null}

        {shown.has('account_confirmation_method') ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{intl.formatMessage({ id: 'auth.register.method.legend' })}</legend>
            {(['email', 'sms'] as const).map((method) => (
              <SelectableBlock
                key={method}
                type="radio"
                name="account_confirmation_method"
                value={method}
                checked={form.account_confirmation_method === method}
                onChange={(checked) => checked && change({ account_confirmation_method: method })}
                label={intl.formatMessage({ id: `auth.register.method.${method}` })}
                description={intl.formatMessage({ id: `auth.register.method.${method}.description` })}
                disabled={busy}
              />
            ))}
          </fieldset>
        ) : null}

        <div className={styles.actions}>
          <Button type="submit" loading={busy} fullWidth>
            {intl.formatMessage({ id: 'auth.register.submit' })}
          </Button>
        </div>
      </form>

      <p className={styles.links}>
        {intl.formatMessage({ id: 'auth.register.haveAccount' })}{' '}
        <Link href="/login" className={styles.link}>
          {intl.formatMessage({ id: 'auth.login.link' })}
        </Link>
      </p>
    </div>
  );
}

/** With its texts (`auth.*.json`): they load with this component, not with the app. */
export const RegistrationForm = withAuthMessages(RegistrationFormView);
