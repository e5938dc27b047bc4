import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { Address, AddressInput } from '../../core/model/address';
import type { AccountId, AppointmentId, OrderId, ServiceId } from '../../core/model/ids';
import type { Coupon, Service } from '../../core/model/service';
import type { QuoteData } from '../../core/model/storage';
import type { CheckoutApi } from '../../core/ports/api/checkout';
import type { Api } from '../../core/ports/api/registry';
import type { ClockPort } from '../../core/ports/clock';
import type { PaymentsPort } from '../../core/ports/payments';
import type { StoragePort } from '../../core/ports/storage';
import { mergeQuote, quoteFromQuery } from '../../core/rules/checkout';
import { checkoutMachine, type ChargeInput, type CheckoutLoad, type LoadInput, type SlotsInput } from './checkout.machine';
import { orderSuccessMachine, type OrderSuccessInput, type OrderSuccessLoad } from './order-success.machine';
import { runToEnd as run } from '../run-effect';

/**
 * The real actors of the shop's charts (checkout, order success), built from ports. The composition root
 * hands `shopMachines(ports)` to the UI (src/ui/shared/Shop.tsx) in a lazy chunk; each shop screen creates its
 * own chart from them.
 */
export interface ShopPorts {
  readonly api: Pick<Api, 'services' | 'customers' | 'appointments' | 'account'>;
  /** POST subscriptions/new as checkout reads it (order, or the authentication the card asks for). */
  readonly checkout: CheckoutApi;
  readonly storage: Pick<StoragePort, 'get' | 'set' | 'remove'>;
  readonly payments: PaymentsPort;
  readonly clock: ClockPort;
  /** A new Idempotency-Key (a UUID). */
  readonly newKey: () => string;
}


/** The customer's saved addresses (GET customers/{id}); none when the call fails. */
const addressesOf = (api: ShopPorts['api'], accountId: string): Effect.Effect<readonly Address[]> =>
  api.customers.get(accountId as AccountId).pipe(
    Effect.map((c) => c.address ?? []),
    Effect.catch(() => Effect.succeed([] as readonly Address[])),
  );

export const loadCheckout =
  ({ api, storage }: ShopPorts) =>
  (input: LoadInput) =>
    Effect.gen(function* () {
    const stored = (yield* storage.get('quote')) ?? {};
    const defaults = (yield* storage.get('set_default')) ?? {};
    const patch: QuoteData = { ...quoteFromQuery(input.query), ...(input.serviceId ? { service_id: input.serviceId } : {}) };
    let quote = mergeQuote(stored, patch);
    const addresses = yield* addressesOf(api, input.accountId);
    const address = addresses.find((a) => a.is_default) ?? addresses[0];
    if (!quote.home_size) {
      const size = address?.address_meta?.home_size ?? defaults.home_size;
      if (size) quote = mergeQuote(quote, { home_size: size });
    }
    const service: Service | null = quote.service_id ? yield* api.services.get(quote.service_id as ServiceId) : null;
    const addOns = yield* api.services.list({ addons: true }).pipe(
      Effect.map((list) => list.filter((s) => s.is_addon === true)),
      Effect.catch(() => Effect.succeed([] as Service[])),
    );
    const taxBasisPoints = address
      ? yield* api.services.taxRates({ postalCode: address.postal_code }).pipe(
          Effect.map((t) => t.rate_basis_points ?? Math.round(t.rate * 100)),
          Effect.catch(() => Effect.succeed(null)),
        )
      : null;
    const timeZone = address
      ? yield* api.services.zipCodes().pipe(
          Effect.map((list) => list.find((z) => z.zip_code === address.postal_code)?.time_zone ?? null),
          Effect.catch(() => Effect.succeed(null)),
        )
      : null;
    const coupon: Coupon | null =
      quote.promo_code && service
        ? yield* api.services.validateCoupon(quote.promo_code, service._id).pipe(Effect.catch((e) => Effect.succeed<Coupon>({ code: quote.promo_code ?? '', valid: false, message: e.message })))
        : null;
    const cards = input.step === 'payment' ? yield* api.customers.billingList(input.accountId as AccountId).pipe(Effect.catch(() => Effect.succeed([]))) : [];
    yield* storage.set('quote', quote);
    const load: CheckoutLoad = { quote, service, addOns, addresses, timeZone, taxBasisPoints, coupon, cards };
    return load;
    });

export const checkoutActors = (ports: ShopPorts) => {
  const { api, storage, payments, checkout } = ports;
  const load = loadCheckout(ports);
  return {
    loadCheckout: fromPromise(({ input, signal }: { input: LoadInput; signal: AbortSignal }) => run(load(input), signal)),
    saveAddress: fromPromise(({ input, signal }: { input: { readonly accountId: string; readonly address: AddressInput }; signal: AbortSignal }) =>
      run(api.account.updateAddress({ id: input.accountId as AccountId, type: 'customer' }, { address: input.address }), signal),
    ),
    saveQuote: fromPromise(({ input }: { input: { readonly quote: QuoteData } }) => run(storage.set('quote', input.quote))),
    loadSlots: fromPromise(({ input, signal }: { input: SlotsInput; signal: AbortSignal }) =>
      run(
        api.appointments
          .availabilityDay({
            requested_day: input.day,
            ...(input.serviceId ? { service_id: input.serviceId as ServiceId } : {}),
            ...(input.zipCode ? { zip_code: input.zipCode } : {}),
            ...(input.duration ? { duration: input.duration } : {}),
          })
          .pipe(Effect.map((day) => day.slots)),
        signal,
      ),
    ),
    validateCoupon: fromPromise(({ input, signal }: { input: { readonly code: string; readonly serviceId: string }; signal: AbortSignal }) =>
      run(api.services.validateCoupon(input.code, input.serviceId as ServiceId), signal),
    ),
    createPaymentMethod: fromPromise(({ input }: { input: Parameters<PaymentsPort['createPaymentMethod']>[0] extends infer C ? { readonly card: C } : never }) =>
      run(payments.createPaymentMethod(input.card)),
    ),
    saveCard: fromPromise(({ input }: { input: { readonly accountId: string; readonly paymentMethodId: string } }) =>
      run(api.customers.updateBilling(input.accountId as AccountId, { stripe_src: input.paymentMethodId, make_default: true })),
    ),
    // Not aborted on stop: a payment in flight must reach the server once it has been sent.
    charge: fromPromise(({ input }: { input: ChargeInput }) => run(checkout.create(input.input, input.key))),
    confirmAction: fromPromise(({ input }: { input: { readonly clientSecret: string } }) => run(payments.confirmAction(input.clientSecret))),
    forgetQuote: fromPromise<void, void>(() => run(storage.remove('quote'))),
  };
};

export const loadOrder =
  ({ api }: Pick<ShopPorts, 'api'>) =>
  (input: OrderSuccessInput) =>
    Effect.gen(function* () {
    const order = yield* api.services.forOrder(input.orderId as OrderId);
    const first = order.appointment_ids?.[0];
    const visit = first ? yield* api.appointments.get(first as AppointmentId).pipe(Effect.catch(() => Effect.succeed(null))) : null;
    const load: OrderSuccessLoad = { order, visit };
    return load;
    });

export const orderSuccessActors = (ports: Pick<ShopPorts, 'api'>) => {
  const load = loadOrder(ports);
  return { loadOrder: fromPromise(({ input, signal }: { input: OrderSuccessInput; signal: AbortSignal }) => run(load(input), signal)) };
};

/** The shop's charts with their real actors, and what their screens need besides. */
export const shopMachines = (ports: ShopPorts) => ({
  checkout: checkoutMachine.provide({ actors: checkoutActors(ports) }),
  orderSuccess: orderSuccessMachine.provide({ actors: orderSuccessActors(ports) }),
  payments: ports.payments,
  newKey: ports.newKey,
  now: () => ports.clock.now().toISOString(),
  /** The catalogue (signed-in customers: GET services), without the add-ons. */
  listServices: () => Effect.runPromise(ports.api.services.list().pipe(Effect.map((list) => list.filter((s) => s.is_addon !== true)))),
  /** Stripe only: mounts Stripe's card field in the element (the first call loads Stripe.js). */
  mountCardField: (container: unknown) => Effect.runPromise(ports.payments.mountCardField(container)),
});
export type ShopMachines = ReturnType<typeof shopMachines>;
