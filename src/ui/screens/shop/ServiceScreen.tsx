import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { HomeSizes, type Frequency, type HomeSize } from '../../../core/model/service';
import { isRecurring, quoteFrequency, quoteHomeSize, quotePlan } from '../../../core/rules/checkout';
import { datePickerWindow, frequencyOptions, planSuggestions, startSlots } from '../../../core/rules/pricing';
import { selectAddOnIds, selectCheckoutMode, selectQuoteGaps } from '../../../machines/features/checkout.machine';
import type { ScreenProps } from '../../app/routing';
import { ScreenLoading } from '../../app/lazy-screen';
import { Button } from '../../components/Button/Button';
import { SelectableBlock } from '../../components/SelectableBlock/SelectableBlock';
import { Spinner } from '../../components/Spinner/Spinner';
import { TextField } from '../../components/TextField/TextField';
import { messageForError } from '../../i18n/errors';
import { AddressForm } from './AddressForm';
import { CheckoutProblem } from './CheckoutProblem';
import { money } from './money';
import { withShopMessages } from '../../i18n/shop-messages';
import styles from './Shop.module.css';
import { useCheckout } from './useCheckout';

/** The calendar day (YYYY-MM-DD) now in a time zone (the browser's when unknown). */
const todayIn = (timeZone: string | null): string => new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** HH:MM of an instant in a time zone. */
const clockIn = (iso: string, timeZone: string | null): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: timeZone ?? undefined, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/**
 * /services/{id}: the quote (bookings §2, issue 8). Home size (pre-selected from the default address),
 * frequency with "Lowest price!" or the better plan and the difference against the selected plan, suggestions
 * to switch and save, add-ons, a day from tomorrow to the end of the month after next, a 15-minute start time
 * between 8 AM and 8 PM at the address, a promo code. Everything is kept in the stored quote as it is chosen.
 */
function ServiceScreen({ params }: Partial<ScreenProps>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { actor, snapshot } = useCheckout('quote', params?.id);
  const mode = selectCheckoutMode(snapshot);
  if (mode === 'loading') return <ScreenLoading />;
  if (mode !== 'quote' && !snapshot.hasTag('savingAddress')) return <CheckoutProblem snapshot={snapshot} onRetry={() => actor.send({ type: 'checkout.retry' })} />;

  const { service, quote, addOns, address, timeZone, slots, day, slotsError } = snapshot.context;
  if (!service) return <CheckoutProblem snapshot={snapshot} onRetry={() => actor.send({ type: 'checkout.retry' })} />;
  const size = quoteHomeSize(quote);
  const frequency = quoteFrequency(quote);
  const recurring = isRecurring(service);
  const plan = quotePlan(service, quote);
  const gaps = selectQuoteGaps(snapshot);
  const chosenAddOns = selectAddOnIds(snapshot);
  const change = (patch: Record<string, string>) => actor.send({ type: 'quote.change', patch });
  const window = datePickerWindow(todayIn(timeZone));
  const allowed = new Set(startSlots(service.duration));
  const daySlots = slots.filter((slot) => allowed.has(clockIn(slot.start_time, timeZone)));
  const frequencyName = (f: Frequency) => t(`shop.frequency.${f}`);
  const canContinue = snapshot.can({ type: 'checkout.next' });

  return (
    <section className={styles.page} aria-labelledby="service-title">
      <Link href="/services">{t('shop.back.services')}</Link>
      <h1 id="service-title" className={styles.title}>
        {service.name}
      </h1>
      {service.description ? <p className={styles.lead}>{service.description}</p> : null}
      {address ? (
        <p className={styles.muted}>{t('shop.quote.address', { address: address.address_formatted })}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('shop.quote.noAddress')}</p>
          <AddressForm homeSize={size} busy={snapshot.hasTag('savingAddress')} onSave={(a) => actor.send({ type: 'quote.saveAddress', address: a })} />
        </>
      )}
      {snapshot.context.error ? (
        <p className={styles.error} role="alert">
          {messageForError(snapshot.context.error, intl)}
        </p>
      ) : null}

      <fieldset className={styles.section}>
        <legend>{t('shop.quote.homeSize')}</legend>
        <div className={styles.choices}>
          {HomeSizes.map((s: HomeSize) => (
            <SelectableBlock key={s} type="radio" name="home_size" value={s} checked={size === s} onChange={() => change({ home_size: s })} label={t(`shop.homeSize.${s}`)} />
          ))}
        </div>
      </fieldset>

      {recurring && size ? (
        <fieldset className={styles.section}>
          <legend>{t('shop.quote.frequency')}</legend>
          <div className={styles.choices}>
            {frequencyOptions(service.prices, size, frequency).map((option) => (
              <SelectableBlock
                key={option.frequency}
                type="radio"
                name="frequency"
                value={option.frequency}
                checked={frequency === option.frequency}
                onChange={() => change({ frequency: option.frequency })}
                label={`${frequencyName(option.frequency)} · ${t('shop.quote.perVisit', { price: money(intl, option.plan.value) })}`}
                description={
                  option.lowest ? (
                    <span className={styles.good}>{t('shop.quote.lowest')}</span>
                  ) : option.betterPlan ? (
                    t('shop.quote.betterPlan', { frequency: frequencyName(option.betterPlan.frequency), amount: money(intl, option.betterPlan.savesPerVisit) })
                  ) : undefined
                }
                aside={
                  frequency && option.change !== 'same'
                    ? t(option.change === 'increase' ? 'shop.quote.more' : 'shop.quote.less', { amount: money(intl, Math.abs(option.difference)) })
                    : undefined
                }
              />
            ))}
          </div>
          {size && frequency
            ? planSuggestions(service.prices, size, frequency).map((s) => (
                <Button key={s.frequency} variant="text" onClick={() => change({ frequency: s.frequency })}>
                  {t('shop.quote.switch', { frequency: t(`shop.adverb.${s.frequency}`), amount: money(intl, s.savesPerMonth) })}
                </Button>
              ))
            : null}
        </fieldset>
      ) : null}
      {plan && !plan.ok && (!recurring || frequency) ? (
        <p className={styles.error} role="alert">
          {messageForError({ code: plan.code, message: plan.message }, intl)}
        </p>
      ) : null}

      {addOns.length > 0 ? (
        <fieldset className={styles.section}>
          <legend>{t('shop.quote.addOns')}</legend>
          <div className={styles.choices}>
            {addOns.map((a) => (
              <SelectableBlock
                key={a._id}
                type="checkbox"
                name="add_ons"
                value={a._id}
                checked={chosenAddOns.includes(a._id)}
                onChange={() => actor.send({ type: 'quote.toggleAddOn', id: a._id })}
                label={a.name}
                aside={a.prices[0] ? money(intl, a.prices[0].value) : undefined}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      <fieldset className={styles.section}>
        <legend>{t('shop.quote.when')}</legend>
        <label htmlFor="quote-day">{t('shop.quote.day')}</label>
        <input
          id="quote-day"
          className={styles.date}
          type="date"
          min={window.first}
          max={window.last}
          value={day ?? quote.start_time?.slice(0, 10) ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            if (value >= window.first && value <= window.last) actor.send({ type: 'quote.pickDay', day: value });
          }}
        />
        <p className={styles.muted}>{t('shop.quote.dayHint')}</p>
        {snapshot.hasTag('slotsLoading') ? <Spinner label={t('shop.quote.slotsLoading')} /> : null}
        {snapshot.hasTag('slotsError') ? (
          <div role="alert" className={styles.row}>
            <p className={styles.error}>{t('shop.quote.slotsError', { reason: slotsError ? messageForError(slotsError, intl) : '' })}</p>
            <Button variant="text" onClick={() => actor.send({ type: 'quote.retrySlots' })}>
              {t('common.tryAgain')}
            </Button>
          </div>
        ) : null}
        {snapshot.hasTag('slotsReady') && daySlots.length === 0 ? <p>{t('shop.quote.noSlots')}</p> : null}
        {daySlots.length > 0 ? (
          <ul className={styles.slots} aria-label={t('shop.quote.startTime')}>
            {daySlots.map((slot) => (
              <li key={slot.start_time}>
                <Button
                  variant="text"
                  className={styles.slot}
                  aria-pressed={quote.start_time === slot.start_time}
                  onClick={() => change({ start_time: slot.start_time, ...(slot.vendor_id ? { vendor_id: slot.vendor_id } : {}) })}
                >
                  {intl.formatTime(slot.start_time, { timeZone: timeZone ?? undefined, hour: 'numeric', minute: '2-digit' })}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {quote.start_time ? (
          <p className={styles.muted}>
            {t('shop.quote.chosenStart', { when: intl.formatDate(quote.start_time, { timeZone: timeZone ?? undefined, dateStyle: 'full', timeStyle: 'short' }) })}
          </p>
        ) : null}
      </fieldset>

      <TextField label={t('shop.quote.promo')} value={quote.promo_code ?? ''} onChange={(promo_code) => change({ promo_code })} hint={t('shop.quote.promoHint')} />

      {gaps.length > 0 ? <p className={styles.muted}>{t('shop.quote.missing', { items: gaps.map((g) => t(`shop.gap.${g}`)).join(', ') })}</p> : null}
      <div className={styles.actions}>
        <Button disabled={!canContinue} onClick={() => actor.send({ type: 'checkout.next' })}>
          {t('shop.quote.toCart')}
        </Button>
      </div>
    </section>
  );
}

export default withShopMessages(ServiceScreen);
