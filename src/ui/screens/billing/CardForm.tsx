import { useEffect, useId, useRef, useState } from 'react';
import type { CardInput, MountedCardField } from '../../../core/ports/payments';
import { cardDetailsProblem, CARD_MESSAGES, type CardProblem } from '../../../core/rules/cards';
import type { FlowMessage } from '../../../machines/flows/auth-flow-support';
import { Button } from '../../components/Button/Button';
import { TextField } from '../../components/TextField/TextField';
import { useMessageForError } from '../../i18n/errors';
import { useBillingMachines } from '../../shared/Billing';
import styles from './Billing.module.css';
import { useT } from './shared';

const PROBLEM_IDS: Record<string, string> = {
  [CARD_MESSAGES.number]: 'billing.card.problem.number',
  [CARD_MESSAGES.expiry]: 'billing.card.problem.expiry',
  [CARD_MESSAGES.expired]: 'billing.card.problem.expired',
  [CARD_MESSAGES.cvc]: 'billing.card.problem.cvc',
};

/** MM/YY (or MM/YYYY) as month and year; NaN when it is not that shape. */
const expiryParts = (text: string): { month: number; year: number } => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : { month: Number.NaN, year: Number.NaN };
};

/**
 * The card form of the payments component (issue 8 "Payments"): the sandbox's own fields (number, expiry,
 * security code — checked with the core's card rules before anything is sent) by default, or Stripe Elements'
 * card field when a publishable key is configured (Stripe.js loads only when this form mounts it). It hands the
 * card to `onSubmit`; the billing chart makes the payment method and saves it.
 */
export function CardForm({ busy, error, onSubmit, onCancel, now }: { busy: boolean; error: FlowMessage | null; onSubmit: (card: CardInput) => void; onCancel: () => void; now: () => string }) {
  const t = useT();
  const messageFor = useMessageForError();
  const machines = useBillingMachines();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problem, setProblem] = useState<CardProblem | null>(null);
  const [field, setField] = useState<MountedCardField | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const stripeLabel = useId();
  const stripe = machines.provider === 'stripe';

  useEffect(() => {
    if (!stripe || !container.current) return;
    let mounted: MountedCardField | null = null;
    let gone = false;
    machines.mountCardField(container.current).then(
      (f) => {
        if (gone) f.unmount();
        else {
          mounted = f;
          setField(f);
        }
      },
      (e: unknown) => setFieldError(e instanceof Error || (typeof e === 'object' && e !== null && 'message' in e) ? String((e as { message: unknown }).message) : t('error.generic')),
    );
    return () => {
      gone = true;
      mounted?.unmount();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount once per form
  }, [stripe, machines]);

  const problemText = (p: CardProblem | null, f: CardProblem['field']) => (p && p.field === f ? t(PROBLEM_IDS[p.message] ?? 'billing.card.problem.number') : undefined);

  const submit = () => {
    if (stripe) {
      if (field) onSubmit({ kind: 'field', field });
      return;
    }
    const { month, year } = expiryParts(expiry);
    const details = { number, exp_month: month, exp_year: year < 100 ? 2000 + year : year, cvc: cvc.trim() };
    const found = cardDetailsProblem(details, new Date(now()));
    setProblem(found);
    if (!found) onSubmit({ kind: 'details', details });
  };

  return (
    <form
      className={styles.form}
      aria-label={t('billing.card.formLabel')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {stripe ? (
        <>
          <span id={stripeLabel} className={styles.strong}>
            {t('billing.card.details')}
          </span>
          <div ref={container} className={styles.stripeField} role="group" aria-labelledby={stripeLabel} />
          {fieldError ? <p className={styles.error}>{fieldError}</p> : null}
        </>
      ) : (
        <>
          <TextField
            label={t('billing.card.number')}
            value={number}
            onChange={setNumber}
            inputMode="numeric"
            autoComplete="cc-number"
            required
            error={problemText(problem, 'number')}
          />
          <div className={styles.formRow}>
            <TextField
              label={t('billing.card.expiry')}
              hint={t('billing.card.expiryHint')}
              value={expiry}
              onChange={setExpiry}
              inputMode="numeric"
              autoComplete="cc-exp"
              required
              error={problemText(problem, 'expiry')}
            />
            <TextField label={t('billing.card.cvc')} value={cvc} onChange={setCvc} inputMode="numeric" autoComplete="cc-csc" required error={problemText(problem, 'cvc')} />
          </div>
          <p className={styles.hint}>{t('billing.card.sandboxHint')}</p>
        </>
      )}
      {error ? (
        <p role="alert" className={styles.error}>
          {messageFor(error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={stripe && !field}>
          {t('billing.card.save')}
        </Button>
        <Button variant="text" onClick={onCancel} disabled={busy}>
          {t('billing.card.cancel')}
        </Button>
      </div>
    </form>
  );
}
