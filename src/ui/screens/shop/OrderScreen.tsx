import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MountedCardField } from '../../../core/ports/payments';
import { cardDetailsProblem } from '../../../core/rules/cards';
import { selectCheckoutMode, selectPrice } from '../../../machines/features/checkout.machine';
import { ScreenLoading } from '../../app/lazy-screen';
import { Button } from '../../components/Button/Button';
import { Dropdown } from '../../components/Dropdown/Dropdown';
import { TextField } from '../../components/TextField/TextField';
import { messageForError } from '../../i18n/errors';
import { CartLines } from './CartLines';
import { CheckoutProblem } from './CheckoutProblem';
import { withShopMessages } from '../../i18n/shop-messages';
import type { ScreenProps } from '../../app/routing';
import styles from './Shop.module.css';
import { useCheckout } from './useCheckout';

const ADD_NEW = 'add-new';

/**
 * /order: the card dropdown of bookings §2 ("Add Payment Method", "Add New"; brand, last four digits, expiry),
 * the card form for a new card — the sandbox's own form, or Stripe Elements (loaded here only, when a
 * publishable key is configured) — and Pay. A decline shows in plain words; a card that asks for
 * authentication is confirmed, then the order completes.
 */
function OrderScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { actor, snapshot, machines } = useCheckout('payment');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [field, setField] = useState<MountedCardField | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const mode = selectCheckoutMode(snapshot);
  const addingNew = mode === 'payment' && snapshot.context.cardId === undefined;
  const stripe = machines.payments.provider === 'stripe';

  // Stripe Elements: mount Stripe's card field when "Add New" shows (the first mount loads Stripe.js).
  useEffect(() => {
    if (!stripe || !addingNew || !fieldRef.current) return;
    let mounted: MountedCardField | null = null;
    let live = true;
    machines.mountCardField(fieldRef.current).then(
      (f) => {
        if (live) {
          mounted = f;
          setField(f);
        } else f.unmount();
      },
      (e: { message?: string }) => live && setFieldError(e.message ?? t('shop.order.cardFieldError')),
    );
    return () => {
      live = false;
      mounted?.unmount();
      setField(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount once per "Add New"
  }, [stripe, addingNew, machines]);

  if (mode === 'loading') return <ScreenLoading />;
  if (mode !== 'payment' || !snapshot.context.service) return <CheckoutProblem snapshot={snapshot} onRetry={() => actor.send({ type: 'checkout.retry' })} />;
  const { cards, cardId, decline, error, service, taxBasisPoints } = snapshot.context;
  const totals = selectPrice(snapshot);
  const paying = snapshot.hasTag('paying') || snapshot.hasTag('authenticating');
  const failed = snapshot.hasTag('payFailed');

  const pay = () => {
    setFormProblem(null);
    if (!addingNew) return actor.send({ type: 'payment.pay' });
    if (stripe) return field ? actor.send({ type: 'payment.pay', card: { kind: 'field', field } }) : undefined;
    const [mm, yy] = expiry.split('/').map((part) => Number(part.trim()));
    const details = { number: number.replace(/\s/g, ''), exp_month: mm ?? 0, exp_year: yy ?? 0, cvc: cvc.trim() };
    const problem = cardDetailsProblem(details, new Date());
    if (problem) return setFormProblem(problem.message);
    actor.send({ type: 'payment.pay', card: { kind: 'details', details } });
  };

  return (
    <section className={styles.page} aria-labelledby="order-title">
      <h1 id="order-title" className={styles.title}>
        {t('shop.order.title')}
      </h1>
      {totals ? <CartLines serviceName={service.name} totals={totals} taxBasisPoints={taxBasisPoints} /> : null}
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          pay();
        }}
      >
        <Dropdown<string>
          label={t('shop.order.card')}
          placeholder={t('shop.order.addPaymentMethod')}
          options={[
            ...cards.map((c) => ({
              value: c.stripe_src_id,
              label: `${c.brand} ·••• ${c.last4}${c.exp_month && c.exp_year ? ` · ${String(c.exp_month).padStart(2, '0')}/${c.exp_year}` : ''}`,
            })),
            { value: ADD_NEW, label: t('shop.order.addNew') },
          ]}
          value={cardId ?? ADD_NEW}
          onChange={(value) => actor.send({ type: 'payment.chooseCard', cardId: value === ADD_NEW ? undefined : value })}
          disabled={paying}
        />
        {addingNew && stripe ? (
          <div>
            <div ref={fieldRef} className={styles.cardField} aria-label={t('shop.order.cardField')} />
            {fieldError ? <p className={styles.error}>{fieldError}</p> : null}
          </div>
        ) : null}
        {addingNew && !stripe ? (
          <>
            <TextField label={t('shop.order.number')} value={number} onChange={setNumber} inputMode="numeric" autoComplete="cc-number" disabled={paying} hint={t('shop.order.testCards')} />
            <div className={styles.row}>
              <TextField label={t('shop.order.expiry')} value={expiry} onChange={setExpiry} placeholder="MM/YY" autoComplete="cc-exp" disabled={paying} />
              <TextField label={t('shop.order.cvc')} value={cvc} onChange={setCvc} inputMode="numeric" autoComplete="cc-csc" disabled={paying} />
            </div>
          </>
        ) : null}
        {formProblem ? (
          <p className={styles.error} role="alert">
            {formProblem}
          </p>
        ) : null}
        {decline ? (
          <p className={styles.error} role="alert">
            {t('shop.order.declined', { reason: messageForError(decline, intl) })}
          </p>
        ) : null}
        {snapshot.hasTag('authenticating') ? <p role="status">{t('shop.order.authenticating')}</p> : null}
        {failed ? (
          <div role="alert" className={styles.section}>
            <p className={styles.error}>{t('shop.order.failed', { reason: error ? messageForError(error, intl) : '' })}</p>
            <div className={styles.row}>
              <Button onClick={() => actor.send({ type: 'payment.retry' })}>{t('common.tryAgain')}</Button>
              <Button variant="text" onClick={() => actor.send({ type: 'payment.cancel' })}>
                {t('shop.order.cancelAttempt')}
              </Button>
            </div>
          </div>
        ) : error ? (
          <p className={styles.error} role="alert">
            {messageForError(error, intl)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="text" onClick={() => actor.send({ type: 'checkout.back' })} disabled={paying}>
            {t('shop.order.back')}
          </Button>
          {!failed ? (
            <Button type="submit" loading={paying} disabled={paying || snapshot.hasTag('succeeded')}>
              {totals ? t('shop.order.pay', { total: intl.formatNumber(totals.total / 100, { style: 'currency', currency: 'USD' }) }) : t('shop.order.payPlain')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

export default withShopMessages(OrderScreen);
