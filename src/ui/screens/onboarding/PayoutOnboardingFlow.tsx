import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import type { AccountId } from '../../../core/model/ids';
import { AFFILIATE_HOME_PATH, needsOnboarding, ONBOARDING_PATHS, PENDING_APPROVAL_PATH, VENDOR_HOME_PATH } from '../../../core/rules/onboarding';
import {
  AGREEMENT_VERSION,
  maskTaxId,
  onboardingStepsOf,
  REFERRAL_SOURCES,
  taxIdKindFor,
  type OnboardingStep,
  type PayoutAccountKind,
  type PayoutDraft,
  type PayoutField,
} from '../../../core/rules/payout-onboarding';
import { isStepDone } from '../../../machines/flows/payout-setup.machine';
import { selectAccount, selectReloadingUser } from '../../../machines/flows/session.machine';
import { useSession, useSessionSelector } from '../../app/session-context';
import { Button } from '../../components/Button/Button';
import { SelectableBlock } from '../../components/SelectableBlock/SelectableBlock';
import { TextField } from '../../components/TextField/TextField';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import { FormMessages } from '../../shared/FormMessages';
import { useOnboardingMachines } from '../../shared/Onboarding';
import styles from '../../shared/Form.module.css';
import own from './PayoutOnboarding.module.css';

type Kind = PayoutAccountKind;

/** Where each kind goes once set up: an organization waits for approval; a vendor and an affiliate go home. */
const AFTER_SETUP: Readonly<Record<Kind, string>> = { organization: PENDING_APPROVAL_PATH, vendor: VENDOR_HOME_PATH, affiliate: AFFILIATE_HOME_PATH };

/** Set up on the server: loads the user again; the onboarding gate then moves on (pending approval, or home). */
function MoveOn({ kind }: { kind: Kind }) {
  const session = useSession();
  const account = useSessionSelector(selectAccount);
  const reloading = useSessionSelector(selectReloadingUser);
  const [, navigate] = useLocation();
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current) {
      asked.current = true;
      session.send({ type: 'user.reload' });
      return;
    }
    if (!reloading && account && !needsOnboarding(account)) navigate(AFTER_SETUP[kind], { replace: true });
  }, [reloading, account, session, navigate, kind]);
  return null;
}

/**
 * The provider's onboarding is another site: a link there (focused, so Enter follows it), not a silent jump — the
 * person sees they are leaving, and comes back to this route.
 */
function ToProvider({ to, label }: { to: string; label: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <a ref={ref} href={to} className={own.providerLink}>
      {label}
    </a>
  );
}

const ACCEPTED_FILES = 'application/pdf,image/jpeg,image/png,image/webp';

/**
 * /organization/onboarding, /vendor/onboarding and /affiliate/onboarding (issue 11 "Payout onboarding"), driven by the payout-onboarding
 * chart: the payout account at the payment provider (a link there and back), then the details each kind gives,
 * and finishing. Every step can be opened at any time; what is left is listed above them.
 */
export function PayoutOnboardingFlow({ kind }: { kind: Kind }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const account = useSessionSelector(selectAccount);
  const search = new URLSearchParams(useSearch());
  const code = search.get('code');
  const stateKey = search.get('state_key');
  const [, navigate] = useLocation();
  const machines = useOnboardingMachines();
  const chart = useActorRef(machines.flow, {
    input: {
      kind,
      accountId: (account?._id ?? '') as AccountId,
      returned: code && stateKey ? { code, state_key: stateKey } : undefined,
      cancelled: search.get('onboarding') === 'cancelled',
    },
  });
  const send = chart.send;
  const progress = useSelector(chart, (s) => s.context.progress);
  const step = useSelector(chart, (s) => s.context.step);
  const draft = useSelector(chart, (s) => s.context.draft);
  const fieldErrors = useSelector(chart, (s) => s.context.fieldErrors);
  const error = useSelector(chart, (s) => s.context.error);
  const notice = useSelector(chart, (s) => s.context.notice);
  const redirectTo = useSelector(chart, (s) => s.context.redirectTo);
  const loading = useSelector(chart, (s) => s.hasTag('loading'));
  const failed = useSelector(chart, (s) => s.hasTag('failed'));
  const busy = useSelector(chart, (s) => s.hasTag('busy'));
  const finished = useSelector(chart, (s) => s.hasTag('finished'));
  const id = useId();

  // The code and state key are spent once read: the address loses them (a reload must not send them again).
  useEffect(() => {
    if (code || stateKey || search.get('onboarding')) navigate(ONBOARDING_PATHS[kind], { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus the step's heading when the step changes (the page does not reload).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current !== step) headingRef.current?.focus();
    shown.current = step;
  }, [step]);

  const change = (values: Partial<PayoutDraft>) => send({ type: 'onboarding.change', values });
  const save = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'onboarding.save' });
  };
  const problem = (field: PayoutField) => (fieldErrors[field] ? t(`payout.field.${field}.${fieldErrors[field]}`) : undefined);
  const steps = onboardingStepsOf(kind);
  const connected = Boolean(progress?.stripe_id);

  const header = (
    <header>
      <h1 className={styles.title}>{t(`payout.${kind}.title`)}</h1>
      <p className={styles.lead}>{t(`payout.${kind}.lead`)}</p>
    </header>
  );

  if (loading || !progress) {
    return (
      <div className={styles.page}>
        {header}
        {failed ? (
          <>
            <FormMessages error={error} />
            <div className={styles.actions}>
              <Button onClick={() => send({ type: 'onboarding.goto', step: 'payout' })}>{t('payout.retry')}</Button>
            </div>
          </>
        ) : (
          <p role="status">{t('payout.loading')}</p>
        )}
      </div>
    );
  }

  const saveButton = (label = 'payout.save') => (
    <div className={styles.actions}>
      <Button type="submit" loading={busy}>
        {t(label)}
      </Button>
    </div>
  );

  let body: ReactNode;
  switch (step) {
    case 'payout':
      body = (
        <div className={styles.form}>
          <p className={styles.lead}>{t('payout.payout.lead')}</p>
          <p>{connected ? t('payout.payout.connected', { id: progress.stripe_id ?? '' }) : t('payout.payout.notConnected')}</p>
          <div className={styles.actions}>
            {redirectTo ? (
              <ToProvider to={redirectTo} label={t('payout.payout.continue')} />
            ) : (
              <Button onClick={() => send({ type: 'onboarding.connect' })} loading={busy} variant={connected ? 'text' : 'primary'}>
                {t(connected ? 'payout.payout.update' : 'payout.payout.start')}
              </Button>
            )}
          </div>
          {redirectTo ? <p className={own.hint}>{t('payout.payout.leaving')}</p> : null}
        </div>
      );
      break;
    case 'business': {
      const taxKind = taxIdKindFor(draft.business_type);
      body = (
        <form className={styles.form} onSubmit={save} noValidate aria-busy={busy || undefined}>
          {progress.tax_id_last4 ? <p>{t('payout.business.saved', { kind: t(`payout.taxKind.${progress.tax_id_kind ?? taxKind}`), last4: progress.tax_id_last4 })}</p> : null}
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('payout.business.type')}</legend>
            {(['individual', 'company'] as const).map((value) => (
              <SelectableBlock
                key={value}
                type="radio"
                name="business_type"
                value={value}
                checked={draft.business_type === value}
                onChange={(checked) => checked && change({ business_type: value, tax_id: '' })}
                label={t(`payout.business.${value}`)}
                disabled={busy}
              />
            ))}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('payout.business.entity')}</legend>
            {(['', 'sole_proprietorship', 'single_member_llc'] as const).map((value) => (
              <SelectableBlock
                key={value || 'none'}
                type="radio"
                name="entity_type"
                value={value || 'none'}
                checked={draft.entity_type === value}
                onChange={(checked) => checked && change({ entity_type: value })}
                label={t(`payout.business.entity.${value || 'none'}`)}
                disabled={busy}
              />
            ))}
          </fieldset>
          <TextField
            id={`${id}-tax`}
            name="tax_id"
            label={t(`payout.business.taxId.${taxKind}`)}
            hint={t(`payout.business.taxIdHint.${taxKind}`)}
            value={draft.tax_id}
            onChange={(value) => change({ tax_id: maskTaxId(value, taxKind) })}
            inputMode="numeric"
            autoComplete="off"
            required
            error={problem('tax_id')}
            disabled={busy}
          />
          {saveButton()}
        </form>
      );
      break;
    }
    case 'bank':
      body = !connected ? (
        <div className={styles.form}>
          <p>{t('payout.bank.needsPayout')}</p>
          <div className={styles.actions}>
            <Button onClick={() => send({ type: 'onboarding.goto', step: 'payout' })}>{t('payout.bank.toPayout')}</Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={save} noValidate aria-busy={busy || undefined}>
          {progress.bank_account ? (
            <p>
              {t('payout.bank.saved', {
                bank: progress.bank_account.bank_name ?? '',
                last4: progress.bank_account.last4,
                status: t(`payout.bank.status.${progress.bank_account.status}`),
              })}
            </p>
          ) : null}
          <TextField
            id={`${id}-holder`}
            name="account_holder_name"
            label={t('payout.bank.holder')}
            value={draft.account_holder_name}
            onChange={(account_holder_name) => change({ account_holder_name })}
            autoComplete="name"
            required
            error={problem('account_holder_name')}
            disabled={busy}
          />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('payout.bank.holderType')}</legend>
            {(['individual', 'company'] as const).map((value) => (
              <SelectableBlock
                key={value}
                type="radio"
                name="account_holder_type"
                value={value}
                checked={draft.account_holder_type === value}
                onChange={(checked) => checked && change({ account_holder_type: value })}
                label={t(`payout.business.${value}`)}
                disabled={busy}
              />
            ))}
          </fieldset>
          <div className={styles.row}>
            <TextField
              id={`${id}-routing`}
              name="routing_number"
              label={t('payout.bank.routing')}
              hint={t('payout.bank.routingHint')}
              value={draft.routing_number}
              onChange={(value) => change({ routing_number: value.replace(/\D/g, '').slice(0, 9) })}
              inputMode="numeric"
              autoComplete="off"
              required
              error={problem('routing_number')}
              disabled={busy}
            />
            <TextField
              id={`${id}-account`}
              name="account_number"
              label={t('payout.bank.account')}
              value={draft.account_number}
              onChange={(value) => change({ account_number: value.replace(/\D/g, '').slice(0, 17) })}
              inputMode="numeric"
              autoComplete="off"
              required
              error={problem('account_number')}
              disabled={busy}
            />
          </div>
          {saveButton()}
        </form>
      );
      break;
    case 'document':
    case 'checklist': {
      const vendorStep = step === 'checklist';
      const insurance = progress.checklist?.items.find((item) => item.item_id === 'insurance');
      const current = vendorStep ? (insurance?.done ? { valid_until: insurance.valid_until ?? '' } : null) : progress.verification_document;
      body = (
        <div className={styles.form}>
          <form className={styles.form} onSubmit={save} noValidate aria-busy={busy || undefined}>
            <p className={styles.lead}>{t(vendorStep ? 'payout.checklist.insuranceLead' : 'payout.document.lead')}</p>
            {current ? <p>{t('payout.document.saved', { until: current.valid_until ?? '' })}</p> : null}
            <div className={own.file}>
              <label htmlFor={`${id}-file`} className={styles.legend}>
                {t('payout.document.file')}
              </label>
              <input
                id={`${id}-file`}
                name="document"
                type="file"
                accept={ACCEPTED_FILES}
                aria-describedby={`${id}-file-hint${problem('document') ? ` ${id}-file-error` : ''}`}
                aria-invalid={problem('document') ? true : undefined}
                disabled={busy}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  change({ document: file ? { name: file.name, type: file.type, size: file.size, body: file } : null });
                }}
              />
              <p id={`${id}-file-hint`} className={own.hint}>
                {t('payout.document.fileHint')}
              </p>
              {problem('document') ? (
                <p id={`${id}-file-error`} className={styles.fieldError}>
                  {problem('document')}
                </p>
              ) : null}
            </div>
            <div className={styles.row}>
              {vendorStep ? null : (
                <TextField
                  id={`${id}-from`}
                  name="valid_from"
                  type="date"
                  label={t('payout.document.validFrom')}
                  value={draft.valid_from}
                  onChange={(valid_from) => change({ valid_from })}
                  required
                  error={problem('valid_from')}
                  disabled={busy}
                />
              )}
              <TextField
                id={`${id}-until`}
                name="valid_until"
                type="date"
                label={t('payout.document.validUntil')}
                value={draft.valid_until}
                onChange={(valid_until) => change({ valid_until })}
                required
                error={problem('valid_until')}
                disabled={busy}
              />
            </div>
            {saveButton(vendorStep ? 'payout.checklist.saveInsurance' : 'payout.save')}
          </form>
          {vendorStep ? (
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t('payout.checklist.others')}</legend>
              {(progress.checklist?.items ?? [])
                .filter((item) => !item.requires_document)
                .map((item) => (
                  <SelectableBlock
                    key={item.item_id}
                    type="checkbox"
                    name={item.item_id}
                    value={item.item_id}
                    checked={item.done}
                    onChange={(done) => send({ type: 'onboarding.tick', itemId: item.item_id, done })}
                    label={t(`payout.checklist.item.${item.item_id}`)}
                    disabled={busy}
                  />
                ))}
            </fieldset>
          ) : null}
        </div>
      );
      break;
    }
    case 'agreement':
      body = (
        <form className={styles.form} onSubmit={save} noValidate aria-busy={busy || undefined}>
          <div className={own.agreement} tabIndex={0} role="region" aria-label={t('payout.agreement.textLabel')}>
            <p>{t('payout.agreement.text1')}</p>
            <p>{t('payout.agreement.text2')}</p>
          </div>
          {progress.agreement_accepted_at ? <p>{t('payout.agreement.accepted', { date: intl.formatDate(progress.agreement_accepted_at, { dateStyle: 'long' }) })}</p> : null}
          <SelectableBlock
            type="checkbox"
            name="agreed"
            value="agreed"
            checked={draft.agreed}
            onChange={(agreed) => change({ agreed })}
            label={t('payout.agreement.accept', { version: AGREEMENT_VERSION })}
            disabled={busy}
          />
          {problem('agreed') ? <p className={styles.fieldError}>{problem('agreed')}</p> : null}
          {saveButton('payout.agreement.submit')}
        </form>
      );
      break;
    case 'survey':
      body = (
        <form className={styles.form} onSubmit={save} noValidate aria-busy={busy || undefined}>
          <p className={styles.lead}>{t('payout.survey.lead')}</p>
          {progress.survey_status !== 'draft' ? <p>{t('payout.survey.sent')}</p> : null}
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('payout.survey.referral')}</legend>
            {REFERRAL_SOURCES.map((source) => (
              <SelectableBlock
                key={source}
                type="radio"
                name="referral_source"
                value={source}
                checked={draft.referral_source === source}
                onChange={(checked) => checked && change({ referral_source: source })}
                label={t(`payout.survey.source.${source}`)}
                disabled={busy}
              />
            ))}
          </fieldset>
          <TextField
            id={`${id}-team`}
            name="team_size"
            label={t('payout.survey.teamSize')}
            value={draft.team_size}
            onChange={(team_size) => change({ team_size: team_size.replace(/\D/g, '').slice(0, 5) })}
            inputMode="numeric"
            disabled={busy}
          />
          {saveButton('payout.survey.submit')}
        </form>
      );
      break;
    case 'finish':
      body = (
        <div className={styles.form}>
          <p>{t(`payout.finish.${kind}`)}</p>
          {finished ? <MoveOn kind={kind} /> : null}
          <div className={styles.actions}>
            <Button onClick={() => send({ type: 'onboarding.finish' })} loading={busy || finished} disabled={!progress.can_finish || busy || finished}>
              {t('payout.finish.submit')}
            </Button>
          </div>
          {!progress.can_finish && !finished ? <p className={own.hint}>{t('payout.finish.notYet')}</p> : null}
        </div>
      );
      break;
  }

  return (
    <div className={styles.page}>
      {header}
      <section className={own.left} aria-labelledby={`${id}-left`}>
        <h2 id={`${id}-left`} className={own.leftTitle}>
          {t('payout.left.title')}
        </h2>
        {progress.remaining.length > 0 ? (
          <ul className={own.leftList}>
            {progress.remaining.map((requirement) => (
              <li key={requirement}>{t(`payout.left.${requirement}`)}</li>
            ))}
          </ul>
        ) : (
          <p className={own.leftDone}>{t('payout.left.none')}</p>
        )}
      </section>
      <nav aria-label={t('payout.steps')}>
        <ol className={own.steps}>
          {steps.map((s, index) => {
            const done = isStepDone(s, progress);
            return (
              <li key={s}>
                <button
                  type="button"
                  className={own.stepButton}
                  aria-current={s === step ? 'step' : undefined}
                  onClick={() => send({ type: 'onboarding.goto', step: s })}
                  disabled={busy}
                >
                  <span aria-hidden="true" className={own.mark}>
                    {done ? '✓' : index + 1}
                  </span>
                  <span>{t(`payout.step.${s}`)}</span>
                  {done ? <span className={VISUALLY_HIDDEN}>{t('payout.step.done')}</span> : null}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <section aria-labelledby={`${id}-step`} className={styles.form}>
        <h2 id={`${id}-step`} ref={headingRef} tabIndex={-1} className={own.stepTitle}>
          {t(`payout.step.${step as OnboardingStep}`)}
        </h2>
        <FormMessages error={error} notice={notice} />
        {body}
      </section>
    </div>
  );
}
