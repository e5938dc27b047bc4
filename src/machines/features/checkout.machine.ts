import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Address, AddressInput } from '../../core/model/address';
import type { Slot } from '../../core/model/appointment';
import type { BillingSource, CardPaymentMethod } from '../../core/model/billing';
import type { AccountId, AddressId, ServiceId } from '../../core/model/ids';
import type { Coupon, Service } from '../../core/model/service';
import type { QuoteData } from '../../core/model/storage';
import type { ContractLength, NewSubscriptionInput } from '../../core/model/subscription';
import type { NewSubscriptionOutcome } from '../../core/ports/api/checkout';
import type { CardInput } from '../../core/ports/payments';
import { addOnIds, cartTotals, checkoutRules, contractLengthOf, defaultAddress, mergeQuote, quoteFrequency, quoteGaps, quoteHomeSize, quotePlan, type CartTotals, type QuoteGap } from '../../core/rules/checkout';
import { errorOf, failureOf, notProvided, withRule, type FlowMessage } from '../flows/auth-flow-support';

/**
 * Checkout (issue 8 "Quote, cart, order"): quote → cart → payment → authentication → success or failure.
 *
 * Each shop screen creates this chart with its step (`/services/{id}`: quote, `/cart`: cart, `/order`:
 * payment). The quote lives in browser storage (storage port), so every screen starts from what is stored —
 * a reload, or a sign-in or sign-up in the middle, loses nothing — and a marketing link's quote-set
 * parameters fill it (`loadCheckout`). Moving on saves the quote and emits `navigate {to}`; the view follows.
 *
 * - `quote`: home size, frequency, add-ons, day and start time (the day's slots come from the availability
 *   call: region `slots`), promo code. `checkout.next` needs a complete quote (`quoteComplete`).
 * - `cart`: the coupon (validated against the service: a clear message when it is not valid), the contract
 *   length; tax and total are the core's `priceQuote`.
 * - `payment`: a saved card or "Add New" (the payments port makes a payment method, the billing call saves
 *   it). `payment.pay` starts an attempt with a new Idempotency-Key, kept for every retry of that attempt
 *   (`payment.retry` after a network failure). A declined card (`declined`) shows the decline in plain words
 *   and the next attempt gets a new key; nothing was created. A card that asks for authentication answers a
 *   client secret: `authenticating` confirms it in the browser, then `charging` sends the same request again
 *   with the same key.
 * - `succeeded`: the stored quote is forgotten, and the chart emits `navigate` to /order-success/{order id}.
 */

export type CheckoutStep = 'quote' | 'cart' | 'payment';

export interface CheckoutInput {
  readonly step: CheckoutStep;
  readonly accountId: string;
  /** The service of /services/{id}: it becomes the quote's service. */
  readonly serviceId?: string | undefined;
  /** The page's query: quote-set / default-set parameters fill the quote. */
  readonly query?: Readonly<Record<string, string>> | undefined;
  /** A new Idempotency-Key (a UUID): one per payment attempt. */
  readonly newKey: () => string;
}

/** What the chart loads on entering a step. */
export interface CheckoutLoad {
  /** The stored quote, merged with the page's service and query (already saved). */
  readonly quote: QuoteData;
  readonly service: Service | null;
  readonly addOns: readonly Service[];
  readonly addresses: readonly Address[];
  /** The IANA time zone of the address's postal code (start times are shown in it); null when unknown. */
  readonly timeZone: string | null;
  /** The tax rate of the address's postal code, in basis points (null when there is no address). */
  readonly taxBasisPoints: number | null;
  /** The promo code's check, when the quote has one. */
  readonly coupon: Coupon | null;
  /** The customer's saved cards (only loaded for the payment step). */
  readonly cards: readonly BillingSource[];
}

export interface CheckoutContext extends CheckoutLoad {
  readonly step: CheckoutStep;
  readonly accountId: string;
  readonly serviceId: string | undefined;
  readonly query: Readonly<Record<string, string>>;
  readonly newKey: () => string;
  readonly address: Address | undefined;
  /** The day whose start times are shown, and those start times. */
  readonly day: string | null;
  readonly slots: readonly Slot[];
  readonly slotsError: FlowMessage | null;
  readonly couponProblem: FlowMessage | null;
  /** The saved card chosen in the dropdown; undefined is "Add New". */
  readonly cardId: string | undefined;
  /** The card form's input of the running attempt. */
  readonly card: CardInput | null;
  /** The running payment attempt's Idempotency-Key (null between attempts). */
  readonly key: string | null;
  readonly clientSecret: string | null;
  readonly decline: FlowMessage | null;
  readonly error: FlowMessage | null;
  readonly orderId: string | null;
  readonly nextPath: string | null;
}

export type CheckoutEvent =
  | { readonly type: 'quote.change'; readonly patch: QuoteData }
  | { readonly type: 'quote.toggleAddOn'; readonly id: string }
  | { readonly type: 'quote.pickDay'; readonly day: string }
  | { readonly type: 'quote.retrySlots' }
  /** A customer without a saved address adds one (it becomes the default); the step loads again with its tax and time zone. */
  | { readonly type: 'quote.saveAddress'; readonly address: AddressInput }
  | { readonly type: 'cart.applyCoupon'; readonly code: string }
  | { readonly type: 'cart.removeCoupon' }
  | { readonly type: 'cart.contractLength'; readonly months: ContractLength }
  | { readonly type: 'payment.chooseCard'; readonly cardId: string | undefined }
  | { readonly type: 'payment.pay'; readonly card?: CardInput | undefined }
  | { readonly type: 'payment.retry' }
  | { readonly type: 'payment.cancel' }
  | { readonly type: 'checkout.next' }
  | { readonly type: 'checkout.back' }
  | { readonly type: 'checkout.retry' };

export type CheckoutEmitted = { readonly type: 'navigate'; readonly to: string };

export interface LoadInput {
  readonly step: CheckoutStep;
  readonly accountId: string;
  readonly serviceId: string | undefined;
  readonly query: Readonly<Record<string, string>>;
}
export interface SlotsInput {
  readonly day: string;
  readonly serviceId: string | undefined;
  readonly zipCode: string | undefined;
  readonly duration: number | undefined;
}
export interface ChargeInput {
  readonly input: NewSubscriptionInput;
  readonly key: string;
}


/** The quote's gaps and whether its plan exists, as `checkoutRules.quoteComplete` reads them. */
const completeness = (context: Pick<CheckoutContext, 'quote' | 'service' | 'address'>) => {
  const gaps = quoteGaps(context.quote, context.service ?? undefined, context.address);
  const plan = context.service ? quotePlan(context.service, context.quote) : undefined;
  return { gaps, planOk: plan?.ok === true };
};

/** What POST subscriptions/new is sent for this checkout. */
export const subscriptionRequest = (context: CheckoutContext, cardId: string | undefined): NewSubscriptionInput | null => {
  const service = context.service;
  const size = quoteHomeSize(context.quote);
  const plan = service ? quotePlan(service, context.quote) : undefined;
  if (!service || !size || !plan?.ok || !context.address?._id || !context.quote.start_time) return null;
  const addOns = addOnIds(context.quote).flatMap((id) => {
    const addOn = context.addOns.find((a) => a._id === id);
    const addOnPlan = addOn?.prices[0];
    return addOn && addOnPlan ? [{ service_id: addOn._id, plan_id: addOnPlan.plan_id }] : [];
  });
  const contract = contractLengthOf(context.quote);
  return {
    service_id: service._id,
    plan_id: plan.plan.plan_id,
    frequency: quoteFrequency(context.quote) ?? 'month',
    home_size: size,
    address_id: context.address._id as AddressId,
    start_time: context.quote.start_time,
    ...(context.quote.vendor_id ? { vendor_id: context.quote.vendor_id as AccountId } : {}),
    ...(context.coupon?.valid && context.quote.promo_code ? { promo_code: context.quote.promo_code } : {}),
    ...(cardId ? { stripe_src_id: cardId } : {}),
    ...(contract ? { contract_length: contract } : {}),
    ...(addOns.length > 0 ? { add_ons: addOns } : {}),
  };
};

const declineOf = (error: unknown): { readonly code: string | undefined; readonly status: number | undefined } => {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { _tag?: unknown; code?: unknown; status?: unknown };
  if (e._tag === 'CardError') return { code: typeof e.code === 'string' ? e.code : 'card_error', status: 402 };
  return { code: typeof e.code === 'string' ? e.code : undefined, status: typeof e.status === 'number' ? e.status : undefined };
};

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
    /** Stored quote (+ service and query, saved), the service, its add-ons, the customer's addresses, tax rate, coupon, cards. */
    loadCheckout: fromPromise<CheckoutLoad, LoadInput>(notProvided('loadCheckout')),
    /** PUT account/update-address/{id}: adds the customer's address; answers the addresses. */
    saveAddress: fromPromise<readonly Address[], { readonly accountId: string; readonly address: AddressInput }>(notProvided('saveAddress')),
    /** Writes the quote to browser storage. */
    saveQuote: fromPromise<void, { readonly quote: QuoteData }>(notProvided('saveQuote')),
    /** The day's start times (appointments/availablity/day). */
    loadSlots: fromPromise<readonly Slot[], SlotsInput>(notProvided('loadSlots')),
    /** GET coupons/validate/{code}/{serviceId}. */
    validateCoupon: fromPromise<Coupon, { readonly code: string; readonly serviceId: string }>(notProvided('validateCoupon')),
    /** The payments port: a payment method from the card form. */
    createPaymentMethod: fromPromise<CardPaymentMethod, { readonly card: CardInput }>(notProvided('createPaymentMethod')),
    /** PUT customer/{id}/billing/update: saves the new card; answers the cards. */
    saveCard: fromPromise<readonly BillingSource[], { readonly accountId: string; readonly paymentMethodId: string }>(notProvided('saveCard')),
    /** POST subscriptions/new with the attempt's Idempotency-Key. */
    charge: fromPromise<NewSubscriptionOutcome, ChargeInput>(notProvided('charge')),
    /** The payments port: the browser's authentication of a payment (client secret). */
    confirmAction: fromPromise<void, { readonly clientSecret: string }>(notProvided('confirmAction')),
    /** Forgets the stored quote after a successful order. */
    forgetQuote: fromPromise<void, void>(notProvided('forgetQuote')),
  },
  guards: {
    atQuote: ({ context }) => context.step === 'quote',
    atCart: ({ context }) => context.step === 'cart',
    quoteComplete: withRule(checkoutRules.quoteComplete, ({ context }: { context: CheckoutContext }) => checkoutRules.quoteComplete.test(completeness(context))),
    savedCard: withRule(checkoutRules.savedCard, ({ context }: { context: CheckoutContext }) => checkoutRules.savedCard.test({ cardId: context.cardId })),
    hasCardInput: ({ event }) => event.type === 'payment.pay' && event.card !== undefined,
    declined: withRule(checkoutRules.declined, (_: unknown, error: unknown) => checkoutRules.declined.test(declineOf(error))),
    needsAuthentication: (_, outcome: NewSubscriptionOutcome) => outcome.kind === 'requires_action',
  },
  actions: {
    keepLoad: assign((_, load: CheckoutLoad) => ({ ...load, address: defaultAddress(load.addresses), cardId: load.cards.find((c) => c.is_default)?.stripe_src_id ?? load.cards[0]?.stripe_src_id })),
    showError: assign((_, error: unknown) => ({ error: failureOf(error) })),
    changeQuote: assign(({ context, event }) => {
      if (event.type !== 'quote.change') return {};
      const quote = mergeQuote(context.quote, event.patch);
      // A new home size or frequency may change the plan; a new promo code is checked again in the cart.
      return { quote, ...(event.patch.promo_code !== undefined ? { coupon: null, couponProblem: null } : {}) };
    }),
    toggleAddOn: assign(({ context, event }) => {
      if (event.type !== 'quote.toggleAddOn') return {};
      const ids = addOnIds(context.quote);
      const next = ids.includes(event.id) ? ids.filter((id) => id !== event.id) : [...ids, event.id];
      return { quote: mergeQuote(context.quote, { add_ons: next.join(',') }) };
    }),
    pickDay: assign(({ event }) => (event.type === 'quote.pickDay' ? { day: event.day, slots: [], slotsError: null } : {})),
    keepSlots: assign((_, slots: readonly Slot[]) => ({ slots, slotsError: null })),
    showSlotsError: assign((_, error: unknown) => ({ slots: [], slotsError: failureOf(error) })),
    keepCoupon: assign(({ context }, coupon: Coupon) =>
      coupon.valid
        ? { coupon, couponProblem: null, quote: mergeQuote(context.quote, { promo_code: coupon.code }) }
        : { coupon: null, couponProblem: { message: coupon.message ?? 'Invalid coupon', code: 'coupon_invalid' }, quote: mergeQuote(context.quote, { promo_code: '' }) },
    ),
    refuseCoupon: assign(({ context }, error: unknown) => ({ coupon: null, couponProblem: failureOf(error), quote: mergeQuote(context.quote, { promo_code: '' }) })),
    removeCoupon: assign(({ context }) => ({ coupon: null, couponProblem: null, quote: mergeQuote(context.quote, { promo_code: '' }) })),
    setContractLength: assign(({ context, event }) => (event.type === 'cart.contractLength' ? { quote: mergeQuote(context.quote, { contract_length: String(event.months) }) } : {})),
    chooseCard: assign(({ event }) => (event.type === 'payment.chooseCard' ? { cardId: event.cardId, decline: null, error: null } : {})),
    startAttempt: assign(({ context, event }) => ({
      key: context.key ?? context.newKey(),
      card: event.type === 'payment.pay' ? (event.card ?? null) : context.card,
      decline: null,
      error: null,
    })),
    keepMethod: assign((_, method: CardPaymentMethod) => ({ cardId: method.id })),
    keepCards: assign(({ context }, cards: readonly BillingSource[]) => ({ cards, cardId: context.cardId })),
    showDecline: assign((_, error: unknown) => ({ decline: failureOf(error), key: null, clientSecret: null, card: null })),
    endAttempt: assign({ key: null, clientSecret: null, error: null, card: null }),
    keepSecret: assign((_, outcome: NewSubscriptionOutcome) => (outcome.kind === 'requires_action' ? { clientSecret: outcome.clientSecret } : {})),
    keepOrder: assign((_, outcome: NewSubscriptionOutcome) => (outcome.kind === 'created' ? { orderId: outcome.result.order._id, key: null } : {})),
    goTo: assign((_, to: string) => ({ nextPath: to })),
    navigate: emit(({ context }) => ({ type: 'navigate' as const, to: context.nextPath ?? '/services' })),
    navigateToOrder: emit(({ context }) => ({ type: 'navigate' as const, to: `/order-success/${context.orderId ?? ''}` })),
  },
}).createMachine({
  id: 'checkout',
  description: 'Checkout: quote → cart → payment → authentication → success or failure. One chart per shop screen, restored from the quote in browser storage.',
  context: ({ input }) => ({
    step: input.step,
    accountId: input.accountId,
    serviceId: input.serviceId,
    query: input.query ?? {},
    newKey: input.newKey,
    quote: {},
    service: null,
    addOns: [],
    addresses: [],
    address: undefined,
    timeZone: null,
    taxBasisPoints: null,
    coupon: null,
    cards: [],
    day: null,
    slots: [],
    slotsError: null,
    couponProblem: null,
    cardId: undefined,
    card: null,
    key: null,
    clientSecret: null,
    decline: null,
    error: null,
    orderId: null,
    nextPath: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadCheckout',
        src: 'loadCheckout',
        input: ({ context }) => ({ step: context.step, accountId: context.accountId, serviceId: context.serviceId, query: context.query }),
        onDone: { target: 'routing', actions: { type: 'keepLoad', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'showError', params: errorOf } },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'checkout.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    routing: {
      always: [
        { guard: 'atQuote', target: 'quote' },
        { guard: 'quoteComplete', target: 'ready' },
        { target: 'incomplete' },
      ],
    },
    incomplete: {
      tags: ['incomplete'],
      description: 'The cart or the order screen without a complete quote: the view links back to the services.',
    },
    ready: {
      always: [{ guard: 'atCart', target: 'cart' }, { target: 'payment' }],
    },
    quote: {
      type: 'parallel',
      tags: ['quote'],
      on: {
        'quote.change': { target: '.form.saving', actions: 'changeQuote' },
        'quote.toggleAddOn': { target: '.form.saving', actions: 'toggleAddOn' },
        'quote.pickDay': { target: '.slots.loading', actions: 'pickDay' },
        'quote.saveAddress': { target: 'savingAddress', actions: assign({ error: null }) },
        'checkout.next': { guard: 'quoteComplete', target: 'leaving', actions: { type: 'goTo', params: '/cart' } },
      },
      states: {
        form: {
          initial: 'idle',
          states: {
            idle: {},
            saving: {
              invoke: { id: 'saveQuote', src: 'saveQuote', input: ({ context }) => ({ quote: context.quote }), onDone: 'idle', onError: 'idle' },
            },
          },
        },
        slots: {
          initial: 'none',
          states: {
            none: {},
            loading: {
              tags: ['slotsLoading'],
              invoke: {
                id: 'loadSlots',
                src: 'loadSlots',
                input: ({ context }) => ({ day: context.day ?? '', serviceId: context.service?._id, zipCode: context.address?.postal_code, duration: context.service?.duration }),
                onDone: { target: 'ready', actions: { type: 'keepSlots', params: ({ event }) => event.output } },
                onError: { target: 'failed', actions: { type: 'showSlotsError', params: errorOf } },
              },
            },
            ready: { tags: ['slotsReady'] },
            failed: { tags: ['slotsError'], on: { 'quote.retrySlots': 'loading' } },
          },
        },
      },
    },
    savingAddress: {
      tags: ['quote', 'busy', 'savingAddress'],
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context, event }) => ({ accountId: context.accountId, address: (event as Extract<CheckoutEvent, { type: 'quote.saveAddress' }>).address }),
        onDone: { target: 'loading' },
        onError: { target: 'quote', actions: { type: 'showError', params: errorOf } },
      },
    },
    cart: {
      tags: ['cart'],
      initial: 'idle',
      on: {
        'checkout.back': { target: 'leaving', actions: { type: 'goTo', params: ({ context }) => `/services/${context.quote.service_id ?? ''}` } },
      },
      states: {
        idle: {
          on: {
            'cart.applyCoupon': { target: 'validating', actions: assign({ couponProblem: null }) },
            'cart.removeCoupon': { target: 'saving', actions: 'removeCoupon' },
            'cart.contractLength': { target: 'saving', actions: 'setContractLength' },
            'checkout.next': { target: '#checkout.leaving', actions: { type: 'goTo', params: '/order' } },
          },
        },
        validating: {
          tags: ['busy', 'validatingCoupon'],
          invoke: {
            id: 'validateCoupon',
            src: 'validateCoupon',
            input: ({ context, event }) => ({ code: event.type === 'cart.applyCoupon' ? event.code.trim() : '', serviceId: context.service?._id ?? '' }),
            onDone: { target: 'saving', actions: { type: 'keepCoupon', params: ({ event }) => event.output } },
            onError: { target: 'saving', actions: { type: 'refuseCoupon', params: errorOf } },
          },
        },
        saving: {
          invoke: { id: 'saveQuote', src: 'saveQuote', input: ({ context }) => ({ quote: context.quote }), onDone: 'idle', onError: 'idle' },
        },
      },
    },
    payment: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['payment'],
          on: {
            'payment.chooseCard': { actions: 'chooseCard' },
            'payment.pay': [
              { guard: 'hasCardInput', target: 'creatingMethod', actions: 'startAttempt' },
              { guard: 'savedCard', target: 'charging', actions: 'startAttempt' },
            ],
            'checkout.back': { target: '#checkout.leaving', actions: { type: 'goTo', params: '/cart' } },
          },
        },
        creatingMethod: {
          tags: ['payment', 'busy', 'paying'],
          invoke: {
            id: 'createPaymentMethod',
            src: 'createPaymentMethod',
            input: ({ context }) => ({ card: context.card as CardInput }),
            onDone: { target: 'savingCard', actions: { type: 'keepMethod', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'showDecline', params: errorOf } },
          },
        },
        savingCard: {
          tags: ['payment', 'busy', 'paying'],
          invoke: {
            id: 'saveCard',
            src: 'saveCard',
            input: ({ context }) => ({ accountId: context.accountId, paymentMethodId: context.cardId ?? '' }),
            onDone: { target: 'charging', actions: { type: 'keepCards', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'declined', params: errorOf }, target: 'editing', actions: { type: 'showDecline', params: errorOf } },
              { target: 'editing', actions: [{ type: 'showError', params: errorOf }, 'endAttempt'] },
            ],
          },
        },
        charging: {
          tags: ['payment', 'busy', 'paying'],
          invoke: {
            id: 'charge',
            src: 'charge',
            input: ({ context }) => ({ input: subscriptionRequest(context, context.cardId) as NewSubscriptionInput, key: context.key ?? '' }),
            onDone: [
              { guard: { type: 'needsAuthentication', params: ({ event }) => event.output }, target: 'authenticating', actions: { type: 'keepSecret', params: ({ event }) => event.output } },
              { target: '#checkout.succeeded', actions: { type: 'keepOrder', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: { type: 'declined', params: errorOf }, target: 'editing', actions: { type: 'showDecline', params: errorOf } },
              { target: 'failed', actions: { type: 'showError', params: errorOf } },
            ],
          },
        },
        authenticating: {
          tags: ['payment', 'busy', 'authenticating'],
          invoke: {
            id: 'confirmAction',
            src: 'confirmAction',
            input: ({ context }) => ({ clientSecret: context.clientSecret ?? '' }),
            onDone: { target: 'charging' },
            onError: { target: 'editing', actions: { type: 'showDecline', params: errorOf } },
          },
        },
        failed: {
          tags: ['payment', 'error', 'payFailed'],
          description: 'The payment could not be completed (network, server): Retry sends the same attempt again with the same Idempotency-Key.',
          on: {
            'payment.retry': { target: 'charging', actions: assign({ error: null }) },
            'payment.cancel': { target: 'editing', actions: 'endAttempt' },
          },
        },
      },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        id: 'saveQuote',
        src: 'saveQuote',
        input: ({ context }) => ({ quote: context.quote }),
        onDone: { target: 'left', actions: 'navigate' },
        onError: { target: 'left', actions: 'navigate' },
      },
    },
    left: { tags: ['busy'], type: 'final' },
    succeeded: {
      tags: ['succeeded', 'busy'],
      invoke: { id: 'forgetQuote', src: 'forgetQuote', onDone: 'done', onError: 'done' },
    },
    done: { tags: ['succeeded'], type: 'final', entry: 'navigateToOrder' },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

// ── selectors ──

export type CheckoutMode = 'loading' | 'error' | 'incomplete' | 'quote' | 'cart' | 'payment' | 'succeeded' | 'busy';
export const selectCheckoutMode = (s: CheckoutSnapshot): CheckoutMode =>
  s.hasTag('loading')
    ? 'loading'
    : s.hasTag('succeeded')
      ? 'succeeded'
      : s.hasTag('payment')
        ? 'payment'
        : s.hasTag('error')
          ? 'error'
          : s.hasTag('incomplete')
            ? 'incomplete'
            : s.hasTag('quote')
              ? 'quote'
              : s.hasTag('cart')
                ? 'cart'
                : 'busy';

/** The cart's lines and totals (core `cartTotals`). */
export const selectPrice = (s: CheckoutSnapshot): CartTotals | undefined => {
  const { service, quote, coupon, taxBasisPoints, addOns } = s.context;
  return service ? cartTotals(service, quote, addOns, coupon?.valid ? coupon : undefined, taxBasisPoints ?? 0) : undefined;
};
export const selectQuoteGaps = (s: CheckoutSnapshot): readonly QuoteGap[] => completeness(s.context).gaps;
export const selectAddOnIds = (s: CheckoutSnapshot): readonly string[] => addOnIds(s.context.quote);
export const selectContractLength = (s: CheckoutSnapshot): ContractLength | undefined => contractLengthOf(s.context.quote);
export const selectServiceId = (s: CheckoutSnapshot): ServiceId | undefined => s.context.service?._id;
