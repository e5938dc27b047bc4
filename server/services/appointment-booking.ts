/**
 * POST appointments (createAppointment): a one-time visit (or an extra visit of a subscription) booked directly
 * by the customer for itself, by the organization with one of its own vendors, or by support for a customer.
 * The chart decides (`appointment.create`: role, start, order type) and the transition service writes the
 * record and its audit row in one transaction; the vendor's calendar is asked first (working hours, time off,
 * its other visits): a named vendor who is not free is 409, and without a vendor the first free one at that
 * start takes it. No money moves here: the visit is charged later (appointment.charge), so the customer must have
 * a card on file. Decisions: docs/decisions.md, "The organization's and super's calendar".
 */
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/adapters/http/openapi.gen';
import { LiveEvents } from '../../src/core/model/live-events';
import { MESSAGES } from '../../src/core/rules/messages';
import { NOT_IN_SERVICE_AREA, isSelectableDay, localDateAt, startSlots } from '../../src/core/rules/pricing';
import type { LiveHub } from '../adapters/live';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { accounts, addresses, paymentMethods, pricePlans, serviceCategories, services, subscriptions, vendorOrganizations } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { appointmentWire, peopleById, zonesOf, type AppointmentWire } from './appointments';
import type { CalendarService } from './calendar';
import { addressData } from './checkout';
import { servedZip } from './service-areas';
import type { TransitionService } from './transitions';
import { offsetIn } from './zones';

type CreateBody = components['schemas']['CreateAppointmentRequest'];

export const createAppointmentBooking = ({
  db,
  clock,
  live,
  transitions,
  calendar,
}: {
  db: Db;
  clock: Clock;
  live?: LiveHub;
  transitions: TransitionService;
  calendar: Pick<CalendarService, 'check' | 'day'>;
}) => {
  /** The customer of the visit: a customer books for itself; the organization and support name one. */
  const customerOf = async (auth: AuthContext, named: string | undefined): Promise<string> => {
    if (auth.role === 'customer') {
      if (!auth.accountId || (named !== undefined && named !== auth.accountId)) throw notFound('Customer not found');
      return auth.accountId;
    }
    if (!named) throw badRequest('customer_id is required when an organization or support books for a customer', 'customer_required');
    const [row] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.id, named), eq(accounts.type, 'customer')));
    if (!row) throw notFound('Customer not found');
    return row.id;
  };

  /** The start's local day in the date picker's window, on a 15-minute slot of the working range. */
  const checkStart = (startIso: string, zone: string, duration: number) => {
    const start = Date.parse(startIso);
    const now = clock.now().getTime();
    if (!(start > now)) throw badRequest('Start time must be in the future', 'start_time_invalid');
    const offset = offsetIn(zone);
    if (!isSelectableDay(localDateAt(start, offset(start)), localDateAt(now, offset(now)))) {
      throw badRequest('Choose a day from tomorrow to the end of the month after next', 'start_time_invalid');
    }
    if (!startSlots(duration).includes(DateTime.fromMillis(start).setZone(zone).toFormat('HH:mm'))) {
      throw badRequest('Choose a start time on a 15-minute slot between 8 AM and 8 PM', 'start_time_invalid');
    }
  };

  /** A calendar refusal as the 409 it is (the same codes as a reassign). */
  const calendarRefusal = (reason: string | undefined) =>
    conflict(
      reason ?? MESSAGES.slot_taken,
      reason === MESSAGES.slot_outside_hours ? 'slot_outside_hours' : reason === MESSAGES.outside_working_range ? 'outside_working_range' : 'vendor_unavailable',
    );

  const create = async (auth: AuthContext, body: CreateBody, requestId: string): Promise<AppointmentWire> => {
    const customerId = await customerOf(auth, body.customer_id);
    const [address] = await db.select().from(addresses).where(and(eq(addresses.id, body.address_id), eq(addresses.accountId, customerId)));
    if (!address) throw notFound(MESSAGES.address_not_found, 'address_not_found');
    const area = await servedZip(db, address.postalCode);
    if (!area) throw badRequest(NOT_IN_SERVICE_AREA, 'not_in_service_area');

    const [service] = await db.select().from(services).where(and(eq(services.id, body.service_id), eq(services.active, true)));
    if (!service) throw notFound('Service not found');
    const [plan] = await db.select().from(pricePlans).where(and(eq(pricePlans.serviceId, service.id), eq(pricePlans.planId, body.plan_id)));
    if (!plan) throw badRequest(MESSAGES.no_price_for_home_size, 'no_price_for_home_size');
    if (body.subscription_id !== undefined) {
      const [sub] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.id, body.subscription_id), eq(subscriptions.customerAccountId, customerId)));
      if (!sub) throw notFound('Subscription not found');
    }
    const duration = body.duration ?? service.durationMinutes;
    checkStart(body.start_time, area.timeZone, duration);

    const [card] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.accountId, customerId)).limit(1);
    if (!card && plan.value > 0) throw badRequest(MESSAGES.no_card_attached, 'no_card_attached');

    // The vendor: the one named (an organization names its own), else the first free one at that start.
    let vendorId = body.vendor_id;
    if (auth.role === 'organization' && vendorId === undefined) throw badRequest('vendor_id is required when an organization books a visit', 'vendor_required');
    if (vendorId !== undefined) {
      const answer = await calendar.check(auth, { start_time: body.start_time, vendor_id: vendorId, zip_code: address.postalCode, duration });
      if (!answer.available) throw calendarRefusal(answer.reason);
    } else {
      const local = DateTime.fromISO(body.start_time, { setZone: true }).setZone(area.timeZone);
      const day = await calendar.day(auth, { requested_day: local.toISODate()!, zip_code: address.postalCode, duration });
      const slot = day.slots.find((s) => Date.parse(s.start_time) === Date.parse(body.start_time));
      if (!slot?.vendor_id) throw calendarRefusal(MESSAGES.slot_taken);
      vendorId = slot.vendor_id;
    }
    const [membership] = await db.select().from(vendorOrganizations).where(eq(vendorOrganizations.vendorAccountId, vendorId));
    if (auth.role === 'organization' && membership?.organizationAccountId !== auth.accountId) throw forbidden(MESSAGES.vendor_not_in_organization, 'vendor_not_in_organization');

    const [category] = await db.select().from(serviceCategories).where(eq(serviceCategories.id, service.categoryId));
    const { row } = await transitions.create('appointment', {
      auth,
      requestId,
      event: { type: 'appointment.create', startTime: new Date(body.start_time).toISOString(), orderType: body.subscription_id ? 'subscription' : 'onetime' },
      values: {
        id: newId(),
        duration,
        customerAccountId: customerId,
        vendorAccountId: vendorId,
        organizationAccountId: membership?.organizationAccountId ?? null,
        subscriptionId: body.subscription_id ?? null,
        planId: plan.planId,
        serviceData: {
          _id: service.id,
          name: service.name,
          description: service.description,
          ...(category ? { category: { name: category.name } } : {}),
          prices: [{ plan_id: plan.planId, label: plan.label, value: plan.value }],
        },
        addressData: addressData(address),
        price: plan.value,
        ...(body.custom ? { custom: body.custom } : {}),
        ...(body.note !== undefined ? { note: body.note } : {}),
      },
    });
    if (live) {
      const payload = { reason: 'updated', resourceType: 'appointment', resourceId: row.id };
      for (const id of new Set([row.customerAccountId, row.vendorAccountId, row.organizationAccountId].filter((x): x is string => x !== null))) {
        live.toAccount(id, LiveEvents.resourceUpdated, payload);
      }
      live.toSupers(LiveEvents.resourceUpdated, payload);
    }
    const [people, zones] = await Promise.all([peopleById(db, [row.customerAccountId, row.vendorAccountId]), zonesOf(db, [row])]);
    return appointmentWire(row, people, zones);
  };

  return { create };
};

export type AppointmentBooking = ReturnType<typeof createAppointmentBooking>;
