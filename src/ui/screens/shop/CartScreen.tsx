import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ContractLengths, type ContractLength } from '../../../core/model/subscription';
import { quoteFrequency } from '../../../core/rules/checkout';
import { selectCheckoutMode, selectContractLength, selectPrice } from '../../../machines/features/checkout.machine';
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

/** /cart: the lines, the coupon (a clear message when it is not valid), tax by postal code, contract length, total. */
function CartScreen(_: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { actor, snapshot } = useCheckout('cart');
  const [code, setCode] = useState<string | null>(null);
  const mode = selectCheckoutMode(snapshot);
  if (mode === 'loading') return <ScreenLoading />;
  if (mode !== 'cart' || !snapshot.context.service) return <CheckoutProblem snapshot={snapshot} onRetry={() => actor.send({ type: 'checkout.retry' })} />;
  const { service, quote, coupon, couponProblem, taxBasisPoints, address } = snapshot.context;
  const totals = selectPrice(snapshot);
  const frequency = quoteFrequency(quote);
  const validating = snapshot.hasTag('validatingCoupon');
  const typed = code ?? quote.promo_code ?? '';

  return (
    <section className={styles.page} aria-labelledby="cart-title">
      <h1 id="cart-title" className={styles.title}>
        {t('shop.cart.title')}
      </h1>
      <p className={styles.lead}>
        {frequency ? t('shop.cart.every', { frequency: t(`shop.frequency.${frequency}`) }) : null}
        {quote.start_time ? ` · ${t('shop.cart.first', { when: intl.formatDate(quote.start_time, { timeZone: snapshot.context.timeZone ?? undefined, dateStyle: 'medium', timeStyle: 'short' }) })}` : null}
      </p>
      {address ? <p className={styles.muted}>{address.address_formatted}</p> : null}
      {totals ? <CartLines serviceName={service.name} totals={totals} taxBasisPoints={taxBasisPoints} /> : null}

      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim() !== '') actor.send({ type: 'cart.applyCoupon', code: typed.trim() });
        }}
      >
        <TextField
          label={t('shop.cart.coupon')}
          value={typed}
          onChange={setCode}
          error={couponProblem ? messageForError(couponProblem, intl) : undefined}
          hint={coupon?.valid ? t('shop.cart.couponApplied', { code: coupon.code }) : undefined}
          disabled={validating}
        />
        <Button type="submit" loading={validating} disabled={typed.trim() === ''}>
          {t('shop.cart.apply')}
        </Button>
        {coupon?.valid ? (
          <Button variant="text" onClick={() => { setCode(''); actor.send({ type: 'cart.removeCoupon' }); }}>
            {t('shop.cart.removeCoupon')}
          </Button>
        ) : null}
      </form>

      {frequency ? (
        <Dropdown<string>
          label={t('shop.cart.contract')}
          placeholder={t('shop.cart.noContract')}
          options={ContractLengths.map((m) => ({ value: String(m), label: t('shop.cart.months', { months: m }) }))}
          value={selectContractLength(snapshot) ? String(selectContractLength(snapshot)) : null}
          onChange={(value) => actor.send({ type: 'cart.contractLength', months: Number(value) as ContractLength })}
        />
      ) : null}

      <div className={styles.actions}>
        <Button variant="text" onClick={() => actor.send({ type: 'checkout.back' })}>
          {t('shop.cart.back')}
        </Button>
        <Button disabled={!snapshot.can({ type: 'checkout.next' })} onClick={() => actor.send({ type: 'checkout.next' })}>
          {t('shop.cart.toOrder')}
        </Button>
      </div>
    </section>
  );
}

export default withShopMessages(CartScreen);
