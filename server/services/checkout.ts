/**
 * Checkout (issue 8, bookings §3, §4, §5): `POST subscriptions/new` and the order it makes.
 *
 * Everything is checked first — who, the address (the customer's, in the service area, not already served by a
 * live subscription), the service and its plan for the home size × frequency, the start time (a day the date
 * picker offers, a 15-minute slot 8 AM–8 PM in the address's time zone), add-ons, the coupon — then the first
 * charge is taken through `services.charges` with the checkout's idempotency key. Only when it succeeded are the
 * order, the subscription (through the subscription chart) and the first appointments (through the appointment
 * chart, at least 8 weeks ahead, DST-safe: `src/core/rules/recurrence.ts`) written, in ONE transaction.
 *
 *  - declined → 400 with the decline in plain words (`card_declined`); nothing is written.
 *  - requires_action → 400 `payment_requires_action` with `payment_intent_id` and `client_secret` (the error body
 *    is open): the browser confirms the payment with the client secret and sends the same request again with the
 *    same key, which then confirms the payment intent instead of charging anew (`checkout_attempts`).
 *  - the same key again (double click, retry, second tab) → the order the first request made, same answer; one
 *    charge (the ledger and the provider both key on it; `orders.idempotency_key` is unique).
 *  - anything failing after the charge (a race on the address) → the charge is refunded and the error answered.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { Frequency, HomeSize } from '../../src/core/model/service';
import { MESSAGES } from '../../src/core/rules/messages';
import {
  NOT_IN_SERVICE_AREA,
  choosePlan,
  couponDiscount,
  couponRefusal,
  isSelectableDay,
  localDateAt,
  quote,
  startSlots,
  type Quote,
} from '../../src/core/rules/pricing';
import { billingDueAt } from '../../src/core/rules/recurrence';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { servedZip, vendorsServing } from './service-areas';
import { newId } from '../db/ids';
import { violates } from '../db/unique';
import {
  type AddOnLineValue,
  type AddressDataValue,
  type ServiceDataValue,
  accounts,
  addOnServices,
  addresses,
  appointments,
  billingCycles,
  checkoutAttempts,
  coupons,
  orders,
  pricePlans,
  serviceCategories,
  services,
  subscriptions,
  taxRates,
  vendorOrganizations,
} from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../errors';
import { appointmentWire, peopleById, zonesOf } from './appointments';
import { couponTerms } from './catalogue';
import type { ChargeOutcome, ChargeService, LedgerEntry } from './charges';
import { subscriptionWire } from './subscriptions';
import type { TransitionService } from './transitions';
import type { VisitSchedule } from './visit-schedule';
import { offsetIn } from './zones';

export type NewSubscriptionBody = components['schemas']['NewSubscriptionRequest'];
export type NewSubscriptionResult = components['schemas']['NewSubscriptionResult'];
export type OrderWire = components['schemas']['Order'];
type OrderRow = typeof orders.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

export const ORDER_NOT_FOUND = 'Order not found';

/** The zone's UTC offset in minutes at an instant (server/services/zones.ts; kept here for its importers). */
export { offsetIn } from './zones';

export const addressData = (a: AddressRow): AddressDataValue => ({
  _id: a.id,
  address_formatted: `${a.streetNumber} ${a.street}${a.unit ? ` ${a.unit}` : ''}, ${a.city}, ${a.state} ${a.postalCode}`,
  street_number: a.streetNumber,
  street: a.street,
  unit: a.unit,
  city: a.city,
  state: a.state,
  postal_code: a.postalCode,
  address_meta: { additional_details: a.additionalDetails, ...(a.homeSize ? { home_size: a.homeSize } : {}) },
});

export const orderWire = (o: OrderRow): OrderWire => ({
  _id: o.id,
  type: o.type,
  plan_id: o.planId,
  // An order is written only once its first charge succeeded.
  status: 'paid',
  customer_id: o.customerAccountId,
  service_data: o.serviceData,
  subscription_id: o.subscriptionId,
  appointment_ids: o.appointmentIds,
  subtotal: o.subtotal,
  discount: o.discount,
  tax: o.tax,
  total: o.total,
  promo_code: o.promoCode,
  created: o.createdAt.toISOString(),
});

/** The twin request with the same key got there first: its order is the answer. */
class TwinOrder extends Error {}

export interface CheckoutService {
  createSubscription(auth: AuthContext, body: NewSubscriptionBody, idempotencyKey: string, requestId: string): Promise<NewSubscriptionResult>;
  getOrder(auth: AuthContext, id: string): Promise<OrderWire>;
}

export const createCheckoutService = ({
  db,
  clock,
  transitions,
  charges,
  schedule,
}: {
  db: Db;
  clock: Clock;
  transitions: TransitionService;
  charges: ChargeService;
  schedule: VisitSchedule;
}): CheckoutService => {
  const resultOf = async (order: OrderRow): Promise<NewSubscriptionResult> => {
    const [sub] = order.subscriptionId ? await db.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId)) : [];
    const visits = order.appointmentIds.length
      ? await db.select().from(appointments).where(inArray(appointments.id, order.appointmentIds)).orderBy(asc(appointments.startTime))
      : [];
    const [people, zones] = await Promise.all([peopleById(db, [order.customerAccountId, sub?.vendorAccountId ?? null]), zonesOf(db, visits)]);
    if (!sub) throw notFound('Subscription not found');
    const now = clock.now().getTime();
    const next = visits.find((v) => v.startTime.getTime() >= now)?.startTime ?? null;
    return {
      subscription: { ...subscriptionWire(sub, people, next), next_billing: sub.nextBillingAt?.toISOString() ?? null },
      order: orderWire(order),
      appointments: visits.map((v) => appointmentWire(v, people, zones)),
    };
  };

  const orderByKey = async (key: string) => (await db.select().from(orders).where(eq(orders.idempotencyKey, key)))[0];

  /** The customer the checkout is for: the caller itself, or (super) the customer named. */
  const customerOf = async (auth: AuthContext, named: string | undefined): Promise<string> => {
    if (auth.role === 'customer') {
      if (!auth.accountId || (named !== undefined && named !== auth.accountId)) throw notFound('Customer not found');
      return auth.accountId;
    }
    if (!named) throw badRequest('customer_id is required when staff subscribes a customer', 'customer_required');
    const [row] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.id, named), eq(accounts.type, 'customer')));
    if (!row) throw notFound('Customer not found');
    return row.id;
  };

  /** The local day and time of an instant in a zone, checked against the date picker and the start slots. */
  const checkStart = (startIso: string, zone: string, durationMinutes: number) => {
    const start = Date.parse(startIso);
    const now = clock.now().getTime();
    if (!(start > now)) throw badRequest('Start time must be in the future', 'start_time_invalid');
    const offset = offsetIn(zone);
    const day = localDateAt(start, offset(start));
    const today = localDateAt(now, offset(now));
    if (!isSelectableDay(day, today)) throw badRequest('Choose a day from tomorrow to the end of the month after next', 'start_time_invalid');
    const time = DateTime.fromMillis(start).setZone(zone).toFormat('HH:mm');
    if (!startSlots(durationMinutes).includes(time)) {
      throw badRequest('Choose a start time on a 15-minute slot between 8 AM and 8 PM', 'start_time_invalid');
    }
  };

  /** Every check of the request, before any money moves. */
  const prepare = async (auth: AuthContext, body: NewSubscriptionBody) => {
    const customerId = await customerOf(auth, body.customer_id);
    const [address] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, body.address_id), eq(addresses.accountId, customerId)));
    if (!address) throw notFound(MESSAGES.address_not_found, 'address_not_found');
    const area = await servedZip(db, address.postalCode);
    if (!area) throw badRequest(NOT_IN_SERVICE_AREA, 'not_in_service_area');

    const [service] = await db.select().from(services).where(and(eq(services.id, body.service_id), eq(services.active, true)));
    if (!service) throw notFound('Service not found');
    if (service.orderType !== 'subscription') throw badRequest('This service is booked once, not by subscription', 'not_a_subscription_service');
    const plans = await db.select().from(pricePlans).where(eq(pricePlans.serviceId, service.id));
    const choice = choosePlan(
      plans.map((p) => ({ plan_id: p.planId, label: p.label, value: p.value, preference_match_size: p.preferenceMatchSize ?? null, priceAutoSelectRules: p.priceAutoSelectRules })),
      body.home_size as HomeSize,
      body.frequency as Frequency,
    );
    if (!choice.ok) throw badRequest(choice.message, choice.code);
    if (choice.plan.plan_id !== body.plan_id) throw badRequest(`The plan '${body.plan_id}' is not the price of this home size and frequency`, 'plan_mismatch');

    const [attached] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.addressId, address.id), ne(subscriptions.status, 'canceled')));
    if (attached) throw badRequest(MESSAGES.address_attached, 'address_attached');

    checkStart(body.start_time, area.timeZone, service.durationMinutes);

    const addOnLines: AddOnLineValue[] = [];
    for (const wanted of body.add_ons ?? []) {
      const [addOn] = await db.select().from(addOnServices).where(and(eq(addOnServices.id, wanted.service_id), eq(addOnServices.active, true)));
      if (!addOn || wanted.plan_id !== `addon-${addOn.id}`) throw badRequest(`Unknown add-on '${wanted.service_id}'`, 'addon_not_found');
      if (addOnLines.some((l) => l.service_id === addOn.id)) continue;
      addOnLines.push({ service_id: addOn.id, plan_id: wanted.plan_id, name: addOn.name, value: addOn.price });
    }

    let coupon: typeof coupons.$inferSelect | undefined;
    if (body.promo_code?.trim()) {
      [coupon] = await db
        .select()
        .from(coupons)
        .where(eq(coupons.code, sql`upper(${body.promo_code.trim()})`));
      if (!coupon) throw badRequest(MESSAGES.coupon_not_found, 'coupon_not_found');
      const refusal = couponRefusal(couponTerms(coupon), service.id, clock.now().toISOString());
      if (refusal) throw badRequest(refusal.message, refusal.code);
    }

    // A chosen vendor brings its organization: the organization sees, confirms and dispatches the visits.
    let organizationId: string | null = null;
    if (body.vendor_id) {
      const [vendor] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.id, body.vendor_id), eq(accounts.type, 'vendor')));
      if (!vendor) throw badRequest('Vendor not found', 'vendor_not_found');
      // a vendor of an organization serves only inside its organization's area
      if (!(await vendorsServing(db, address.postalCode, [vendor.id])).length) throw badRequest(NOT_IN_SERVICE_AREA, 'not_in_service_area');
      const [membership] = await db.select({ organizationId: vendorOrganizations.organizationAccountId }).from(vendorOrganizations).where(eq(vendorOrganizations.vendorAccountId, vendor.id));
      organizationId = membership?.organizationId ?? null;
    }

    const [tax] = await db.select().from(taxRates).where(eq(taxRates.postalCode, address.postalCode.slice(0, 5)));
    const subtotal = choice.plan.value + addOnLines.reduce((sum, l) => sum + l.value, 0);
    const price: Quote = quote(subtotal, coupon ? couponDiscount(couponTerms(coupon), subtotal) : 0, tax?.rateBasisPoints ?? 0);
    const [category] = await db.select().from(serviceCategories).where(eq(serviceCategories.id, service.categoryId));
    const serviceData: ServiceDataValue = {
      _id: service.id,
      name: service.name,
      description: service.description,
      ...(category ? { category: { name: category.name } } : {}),
      prices: [{ plan_id: choice.plan.plan_id, label: choice.plan.label, value: choice.plan.value, frequency: body.frequency }],
    };
    return { customerId, address, zone: area.timeZone, service, plan: choice.plan, addOnLines, coupon, price, serviceData, organizationId };
  };

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /** The first charge: a new charge, or the confirmation of one that asked for authentication. */
  const pay = async (p: Prepared, body: NewSubscriptionBody, key: string): Promise<ChargeOutcome | { outcome: 'free' }> => {
    if (p.price.total === 0) return { outcome: 'free' };
    const ledgerKey = `checkout:${key}`;
    const description = `${p.service.name} — ${p.plan.label}`;
    const [attempt] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, ledgerKey));
    if (attempt) {
      if (attempt.accountId !== p.customerId || attempt.amount !== p.price.total) {
        throw conflict('This idempotency key was used for a different payment.', 'idempotency_key_in_use');
      }
      return charges.confirm({ customerId: p.customerId, paymentIntentId: attempt.paymentIntentId, idempotencyKey: ledgerKey, description, reference: key });
    }
    return charges.charge({
      customerId: p.customerId,
      amountCents: p.price.total,
      description,
      idempotencyKey: ledgerKey,
      ...(body.stripe_src_id ? { paymentMethodId: body.stripe_src_id } : {}),
      reference: key,
    });
  };

  /** The order, the subscription and its first visits, in one transaction (after the charge succeeded). */
  const record = async (auth: AuthContext, body: NewSubscriptionBody, key: string, p: Prepared, entry: LedgerEntry | null, requestId: string) =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const orderId = newId();
      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          type: 'subscription',
          customerAccountId: p.customerId,
          serviceId: p.service.id,
          planId: p.plan.plan_id,
          serviceData: p.serviceData,
          addressId: p.address.id,
          addOns: p.addOnLines,
          subtotal: p.price.subtotal,
          discount: p.price.discount,
          tax: p.price.tax,
          total: p.price.total,
          promoCode: p.coupon?.code ?? null,
          ledgerEntryId: entry?.id ?? null,
          idempotencyKey: key,
          createdByUserId: auth.userId,
          createdAt: now,
        })
        .onConflictDoNothing({ target: orders.idempotencyKey })
        .returning();
      if (!order) throw new TwinOrder();
      const frequency = body.frequency as Frequency;
      const { row: sub } = await transitions.create('subscription', {
        auth,
        requestId,
        event: { type: 'subscription.create', frequency, planId: p.plan.plan_id },
        values: {
          id: newId(),
          orderId,
          customerAccountId: p.customerId,
          vendorAccountId: body.vendor_id ?? null,
          organizationAccountId: p.organizationId,
          serviceId: p.service.id,
          serviceData: p.serviceData,
          addressData: addressData(p.address),
          addressId: p.address.id,
          price: p.plan.value,
          couponId: p.coupon?.id ?? null,
          contractLength: body.contract_length ?? null,
          addOns: p.addOnLines,
          billingAnchorAt: now,
          nextBillingAt: new Date(billingDueAt(now.getTime(), frequency, 1)),
          // The visit series: occurrence 0 at the start chosen, in the address's time zone.
          scheduleAnchorAt: new Date(body.start_time),
          scheduleAnchorN: 0,
          timeZone: p.zone,
        },
        tx,
      });
      // The first visits, at least SCHEDULE_HORIZON_DAYS from the start on (the rolling schedule keeps it so).
      const visits = await schedule.extend(tx, sub.id, auth, requestId, Date.parse(body.start_time));
      await tx
        .update(orders)
        .set({ subscriptionId: sub.id, appointmentIds: visits.map((v) => v.id) })
        .where(eq(orders.id, orderId));
      await tx.insert(billingCycles).values({
        id: newId(),
        subscriptionId: sub.id,
        cycle: 0,
        dueAt: now,
        claimedAt: now,
        outcome: 'paid',
        subtotal: p.price.subtotal,
        discount: p.price.discount,
        credit: 0,
        tax: p.price.tax,
        total: p.price.total,
        ledgerEntryId: entry?.id ?? null,
        finishedAt: now,
      });
      // A customer who books is onboarded (issue 8: meta.initialSetup).
      await tx
        .update(accounts)
        .set({ meta: sql`${accounts.meta} || '{"initialSetup": true}'::jsonb` })
        .where(eq(accounts.id, p.customerId));
      if (p.coupon) await tx.update(coupons).set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` }).where(eq(coupons.id, p.coupon.id));
      return (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    });

  return {
    async createSubscription(auth, body, key, requestId) {
      const customerId = await customerOf(auth, body.customer_id);
      const again = await orderByKey(key);
      if (again) {
        if (again.customerAccountId !== customerId) throw conflict('This idempotency key was used for a different payment.', 'idempotency_key_in_use');
        return resultOf(again);
      }
      const prepared = await prepare(auth, body);
      const paid = await pay(prepared, body, key);
      if (paid.outcome === 'declined') {
        throw new HttpError(400, paid.message, 'card_declined', {}, { decline_code: paid.declineCode });
      }
      if (paid.outcome === 'requires_action') {
        await db
          .insert(checkoutAttempts)
          .values({ idempotencyKey: `checkout:${key}`, accountId: customerId, paymentIntentId: paid.paymentIntentId, amount: prepared.price.total, createdAt: clock.now() })
          .onConflictDoNothing();
        throw new HttpError(400, MESSAGES.payment_requires_action, 'payment_requires_action', {}, {
          payment_intent_id: paid.paymentIntentId,
          client_secret: paid.clientSecret,
        });
      }
      const entry = paid.outcome === 'succeeded' ? paid.entry : null;
      try {
        return await resultOf(await record(auth, body, key, prepared, entry, requestId));
      } catch (error) {
        if (error instanceof TwinOrder) return resultOf((await orderByKey(key))!);
        // Nothing was bought: give the money back (once, whatever the number of retries).
        if (entry) await charges.refund({ chargeEntryId: entry.id, idempotencyKey: `refund:checkout:${key}`, description: `Refund: checkout failed (${entry.description})` });
        if (violates(error, 'subscriptions_live_address_unique')) throw badRequest(MESSAGES.address_attached, 'address_attached');
        throw error;
      }
    },

    async getOrder(auth, id) {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      const mine = order && (auth.role === 'super' || auth.role === 'admin' || (auth.role === 'customer' && order.customerAccountId === auth.accountId));
      if (!order || !mine) throw notFound(ORDER_NOT_FOUND);
      return orderWire(order);
    },
  };
};
