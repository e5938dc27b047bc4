import { Effect } from 'effect';
import { fromPromise } from 'xstate';
import type { AccountId, InvoiceId, ServiceId, SubscriptionId } from '../../core/model/ids';
import type { PersonData } from '../../core/model/person';
import type { PricePlan } from '../../core/model/service';
import type { Subscription } from '../../core/model/subscription';
import type { Api } from '../../core/ports/api/registry';
import type { ClockPort } from '../../core/ports/clock';
import type { CardInput, PaymentsPort } from '../../core/ports/payments';
import { isBilled, upcomingCharge } from '../../core/rules/billing';
import { failureOf } from '../flows/auth-flow-support';
import { billingMachine, type BillingLoad, type CardChange } from './billing.machine';
import { billingReadMachine, type ReadRequest, type ReadResult, type SubscriptionInvoiceRow, type UpcomingRow } from './billing-read.machine';
import { invoicesMachine, type InvoiceCommand, type InvoicesLoad, type InvoicesScreen, type PayCommand } from './invoices.machine';
import { subscriptionDetailMachine, type DetailCommand, type DetailLoad } from './subscription-detail.machine';
import { runToEnd as run } from '../run-effect';

/**
 * The real actors of the per-screen billing charts (cards, one subscription, the read-only screens), built from
 * ports. The composition root hands `billingMachines(ports)` to the UI (src/ui/shared/Billing.tsx) through a
 * loader, so these charts and the payments adapter travel in a chunk only the billing screens wait for.
 */
export interface BillingPorts {
  readonly api: Pick<Api, 'customers' | 'subscriptions' | 'services' | 'invoices' | 'appointments'>;
  readonly payments: PaymentsPort;
  readonly clock: ClockPort;
}


const cardsActors = ({ api, payments }: BillingPorts) => ({
  loadBilling: fromPromise(({ input, signal }: { input: { readonly customerId: AccountId }; signal: AbortSignal }) =>
    run(
      Effect.all({ cards: api.customers.billingList(input.customerId), history: api.customers.billingHistory(input.customerId) }, { concurrency: 2 }).pipe(
        Effect.map((load): BillingLoad => load),
      ),
      signal,
    ),
  ),
  addCard: fromPromise(({ input, signal }: { input: { readonly customerId: AccountId; readonly card: CardInput }; signal: AbortSignal }) =>
    run(
      payments
        .createPaymentMethod(input.card)
        .pipe(Effect.flatMap((method) => api.customers.updateBilling(input.customerId, { stripe_src: method.id, make_default: true }))),
      signal,
    ),
  ),
  changeCard: fromPromise(({ input, signal }: { input: { readonly customerId: AccountId; readonly change: CardChange }; signal: AbortSignal }) =>
    run(
      input.change.kind === 'remove'
        ? api.customers.removeBilling(input.customerId, { stripe_src_id: input.change.id })
        : api.customers.setDefaultBilling(input.customerId, { stripe_src_id: input.change.id }),
      signal,
    ),
  ),
});

/** The service's price plans: the catalogue's (with their home sizes), else the plans as booked. */
const plansOf = (api: BillingPorts['api'], subscription: Subscription): Effect.Effect<readonly PricePlan[]> => {
  const booked = subscription.service_data.prices ?? [];
  const serviceId = subscription.service_data._id;
  if (!serviceId) return Effect.succeed(booked);
  return api.services.get(serviceId).pipe(
    Effect.map((service) => (service.prices && service.prices.length > 0 ? service.prices : booked)),
    Effect.catch(() => Effect.succeed(booked)),
  );
};

const detailActors = ({ api }: BillingPorts) => ({
  loadSubscription: fromPromise(({ input, signal }: { input: { readonly subscriptionId: string }; signal: AbortSignal }) =>
    run(
      api.subscriptions.get(input.subscriptionId as SubscriptionId).pipe(
        Effect.flatMap((subscription) => plansOf(api, subscription).pipe(Effect.map((plans): DetailLoad => ({ subscription, plans })))),
      ),
      signal,
    ),
  ),
  runCommand: fromPromise(({ input, signal }: { input: { readonly subscription: Subscription; readonly command: DetailCommand }; signal: AbortSignal }) => {
    const { subscription, command } = input;
    const orderId = subscription.orderId;
    switch (command.kind) {
      case 'change':
        return run(api.subscriptions.update({ subscription_id: subscription._id, frequency: command.frequency, plan_id: command.planId }), signal);
      case 'cancel':
        return run(api.subscriptions.cancel({ subscription_id: subscription._id }), signal);
      case 'pause':
        return orderId ? run(api.subscriptions.pause({ orderId }), signal) : Promise.reject(new Error('The subscription has no order id'));
      case 'unpause':
        return orderId ? run(api.subscriptions.unpause({ orderId, beforeSchedule: command.beforeSchedule }), signal) : Promise.reject(new Error('The subscription has no order id'));
    }
  }),
});

/** The customer's subscriptions, newest first. */
const subscriptionsOf = (api: BillingPorts['api'], customerId: AccountId) => api.subscriptions.list({ customer_id: customerId, count: 100 });

/** The next charge of one subscription: the server's upcoming invoice, else the pricing rules over the subscription. */
const upcomingOf = (api: BillingPorts['api'], customerId: AccountId, subscription: Subscription) =>
  api.customers.invoiceList(customerId, subscription._id).pipe(
    Effect.map((invoices) => invoices.upcoming),
    Effect.catch(() => Effect.succeed(null)),
    Effect.flatMap((invoice) => {
      if (invoice) return Effect.succeed<UpcomingRow>({ subscription, charge: null, invoice });
      const postalCode = subscription.address_data?.postal_code;
      return Effect.all(
        {
          plans: plansOf(api, subscription),
          rate: postalCode ? api.services.taxRates({ postalCode }).pipe(Effect.map((t) => t.rate_basis_points ?? Math.round(t.rate * 100))) : Effect.succeed(0),
          coupon: subscription.orderId
            ? api.services.forOrder(subscription.orderId).pipe(
                Effect.flatMap((order) =>
                  order.promo_code && subscription.service_data._id
                    ? api.services.validateCoupon(order.promo_code, subscription.service_data._id as ServiceId).pipe(Effect.map((c) => (c.valid ? c : null)))
                    : Effect.succeed(null),
                ),
                Effect.catch(() => Effect.succeed(null)),
              )
            : Effect.succeed(null),
        },
        { concurrency: 3 },
      ).pipe(
        Effect.map(({ plans, rate, coupon }): UpcomingRow => ({
          subscription,
          invoice: null,
          charge: upcomingCharge({
            subscription,
            plans,
            rateBasisPoints: rate,
            coupon: coupon
              ? { code: coupon.code, percent_off: coupon.percent_off ?? null, amount_off: coupon.amount_off ?? null, duration: coupon.duration ?? 'once', duration_in_months: coupon.duration_in_months ?? null }
              : null,
          }),
        })),
      );
    }),
  );

const readEffect = (api: BillingPorts['api'], request: ReadRequest): Effect.Effect<ReadResult, unknown> => {
  switch (request.kind) {
    case 'subscriptions':
      return subscriptionsOf(api, request.customerId).pipe(Effect.map((items): ReadResult => ({ kind: 'subscriptions', items })));
    case 'invoices':
      return subscriptionsOf(api, request.customerId).pipe(
        Effect.flatMap((subscriptions) =>
          Effect.forEach(
            subscriptions,
            (subscription) =>
              api.customers.invoiceList(request.customerId, subscription._id).pipe(
                Effect.map((invoices): SubscriptionInvoiceRow => ({ subscription, invoices, error: null })),
                Effect.catch((error) => Effect.succeed<SubscriptionInvoiceRow>({ subscription, invoices: null, error: failureOf(error) })),
              ),
            { concurrency: 3 },
          ),
        ),
        Effect.map((items): ReadResult => ({ kind: 'invoices', items })),
      );
    case 'upcoming':
      return subscriptionsOf(api, request.customerId).pipe(
        Effect.flatMap((subscriptions) => Effect.forEach(subscriptions.filter((s) => isBilled(s.status)), (s) => upcomingOf(api, request.customerId, s), { concurrency: 3 })),
        Effect.map((items): ReadResult => ({ kind: 'upcoming', items })),
      );
    case 'receipt':
      // The invoice; a charge of the history without an invoice (or while the server has no invoice reads) is its own receipt.
      return api.customers.invoice(request.id as InvoiceId).pipe(
        Effect.map((invoice): ReadResult => ({ kind: 'receipt', receipt: { kind: 'invoice', invoice } })),
        Effect.catch((invoiceError) =>
          api.customers.billingHistory(request.customerId).pipe(
            Effect.flatMap((history) => {
              const charge = history.find((h) => h._id === request.id || h.invoice_id === request.id);
              return charge ? Effect.succeed<ReadResult>({ kind: 'receipt', receipt: { kind: 'charge', charge } }) : Effect.fail(invoiceError);
            }),
          ),
        ),
      );
  }
};

const readActors = ({ api }: BillingPorts) => ({
  read: fromPromise(({ input, signal }: { input: ReadRequest; signal: AbortSignal }) => run(readEffect(api, input), signal)),
});

/** The customers an issuer may invoice, as the screens know them: the customers of the visits it sees (bookings §1). */
const customersOf = (api: BillingPorts['api']) =>
  api.appointments.list({ pageSize: 100 }).pipe(
    Effect.map((visits) => {
      const byId = new Map<string, PersonData>();
      for (const v of visits) if (v.customer_data?._id && !byId.has(v.customer_data._id)) byId.set(v.customer_data._id, v.customer_data);
      return [...byId.values()];
    }),
  );

const invoicesLoad = (api: BillingPorts['api'], screen: InvoicesScreen): Effect.Effect<InvoicesLoad, unknown> => {
  const none: InvoicesLoad = { invoices: [], invoice: null, customers: [], cards: [] };
  switch (screen.kind) {
    case 'list':
      return api.invoices.list({ kind: 'manual', pageSize: 100 }).pipe(Effect.map((invoices) => ({ ...none, invoices })));
    case 'view':
      return Effect.all(
        {
          invoice: api.customers.invoice(screen.id),
          cards: screen.customerId ? api.customers.billingList(screen.customerId) : Effect.succeed([]),
        },
        { concurrency: 2 },
      ).pipe(Effect.map(({ invoice, cards }) => ({ ...none, invoice, cards })));
    case 'write':
      return Effect.all(
        { invoice: screen.id ? api.customers.invoice(screen.id) : Effect.succeed(null), customers: customersOf(api) },
        { concurrency: 2 },
      ).pipe(Effect.map(({ invoice, customers }) => ({ ...none, invoice, customers })));
  }
};

const invoicesActors = ({ api, payments }: BillingPorts) => ({
  pay: fromPromise(({ input, signal }: { input: PayCommand; signal: AbortSignal }) =>
    run(api.invoices.pay(input.id, input.idempotencyKey, input.cardId ? { stripe_src_id: input.cardId } : {}), signal),
  ),
  confirmAction: fromPromise(({ input }: { input: { readonly clientSecret: string } }) => run(payments.confirmAction(input.clientSecret))),
  load: fromPromise(({ input, signal }: { input: InvoicesScreen; signal: AbortSignal }) => run(invoicesLoad(api, input), signal)),
  run: fromPromise(({ input, signal }: { input: InvoiceCommand; signal: AbortSignal }) => {
    switch (input.kind) {
      case 'create':
        return run(api.invoices.create(input.input), signal);
      case 'update':
        return run(api.invoices.update(input.id, input.input), signal);
      case 'delete':
        return run(api.invoices.delete(input.id), signal);
      case 'decline':
        return run(api.invoices.decline(input.id, input.reason.trim() ? { reason: input.reason.trim() } : {}), signal);
    }
  }),
});

/** The billing screens' charts with their real actors, and what the card form needs from the payments port. */
export const billingMachines = (ports: BillingPorts) => ({
  cards: billingMachine.provide({ actors: cardsActors(ports) }),
  subscription: subscriptionDetailMachine.provide({ actors: detailActors(ports) }),
  read: billingReadMachine.provide({ actors: readActors(ports) }),
  invoices: invoicesMachine.provide({ actors: invoicesActors(ports) }),
  provider: ports.payments.provider,
  mountCardField: (container: unknown) => Effect.runPromise(ports.payments.mountCardField(container)),
  now: () => ports.clock.now().toISOString(),
});
