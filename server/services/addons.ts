/**
 * Add-ons and approvals on appointments (issue 9; bookings §3, §4, §7). Every change is an event of the add-on
 * chart or the approval chart (src/machines/lifecycles/addon.machine.ts, approval.machine.ts) through the
 * transition service, which writes the audit row in the same transaction; the appointment's and the
 * subscription's charts take part where their rules apply (a home-size request is the appointment chart's
 * `appointment.requestHomeSize`; an add-on on a subscription is `subscription.addAddOn`; an approved home-size
 * change is `subscription.update` to the plan of the new size).
 *
 * Ownership: the customer of the visit, its vendor, its organization, super and admin; anything else is 404,
 * exactly like a record that does not exist. Every change is pushed live ('updated') to the customer, the
 * vendor, the organization and super.
 */
import { and, desc, eq, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { HomeSize } from '../../src/core/model/service';
import { AccountTypes, type AccountKind } from '../../src/core/model/roles';
import { LiveEvents } from '../../src/core/model/live-events';
import { addOnPlanId, addOnRequestRefusal, addOnVisitRule, chargedWithPeriod } from '../../src/core/rules/addons';
import { MESSAGES } from '../../src/core/rules/messages';
import { choosePlan } from '../../src/core/rules/pricing';
import { billingDueAt } from '../../src/core/rules/recurrence';
import type { LiveHub } from '../adapters/live';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { addOnServices, addresses, appointmentAddOns, appointments, approvals, pricePlans, subscriptions } from '../db/schema';
import { HttpError, badRequest, notFound } from '../errors';
import { type OwnerColumns, type PersonData, appointmentWire, peopleById, visibleTo, zonesOf } from './appointments';
import type { addOnMachine } from '../../src/machines/lifecycles/addon.machine';
import type { AddOnChanges, AddOnRow, AppointmentRow, ApprovalRow, EventInput, SubscriptionRow, TransitionService } from './transitions';

type Schemas = components['schemas'];
export type AddOnWire = Schemas['AddOn'];
export type AddOnResult = Schemas['AddOnResult'];
export type ApprovalWire = Schemas['ApprovalRequest'];
type AppointmentWire = Schemas['Appointment'];

const addOnOwner: OwnerColumns = {
  customer: appointmentAddOns.customerAccountId,
  vendor: appointmentAddOns.vendorAccountId,
  organization: appointmentAddOns.organizationAccountId,
};
const approvalOwner: OwnerColumns = { customer: approvals.customerAccountId, vendor: approvals.vendorAccountId, organization: approvals.organizationAccountId };
const appointmentOwner: OwnerColumns = {
  customer: appointments.customerAccountId,
  vendor: appointments.vendorAccountId,
  organization: appointments.organizationAccountId,
};
const subscriptionOwner: OwnerColumns = {
  customer: subscriptions.customerAccountId,
  vendor: subscriptions.vendorAccountId,
  organization: subscriptions.organizationAccountId,
};

/** The account type a role acts as (staff roles act as user accounts). */
const accountKindOf = (role: string): AccountKind => ((AccountTypes as readonly string[]).includes(role) ? (role as AccountKind) : 'user');

export const addOnWire = (row: AddOnRow, people: Map<string, PersonData>): AddOnWire => ({
  _id: row.id,
  appointment_id: row.appointmentId,
  subscription_id: row.subscriptionId,
  service_data: row.serviceData,
  plan_id: row.planId,
  custom: row.custom,
  price: row.price,
  status: row.status,
  ...(row.requestedByAccountId && people.get(row.requestedByAccountId) ? { requested_by: people.get(row.requestedByAccountId)! } : {}),
  created: row.createdAt.toISOString(),
});

export const approvalWire = (row: ApprovalRow, people: Map<string, PersonData>, serviceName?: string): ApprovalWire => ({
  _id: row.id,
  type: row.type,
  status: row.status,
  note: row.note,
  data: {
    appointmentId: row.appointmentId,
    ...(row.subscriptionId ? { subscriptionId: row.subscriptionId } : {}),
    ...(row.data.homeSize ? { homeSize: row.data.homeSize } : {}),
    ...(row.data.startTime ? { startTime: row.data.startTime } : {}),
    ...(serviceName ? { subscriptionData: { service_data: { name: serviceName } } } : {}),
  },
  ...(row.requestedByAccountId && people.get(row.requestedByAccountId) ? { requested_by: people.get(row.requestedByAccountId)! } : {}),
  ...(row.requestedByRole ? { requested_by_account_type: accountKindOf(row.requestedByRole) } : {}),
  decided_by: row.decidedByAccountId ? (people.get(row.decidedByAccountId) ?? { _id: row.decidedByAccountId }) : null,
  decision_note: row.decisionNote,
  created: row.createdAt.toISOString(),
  decided_at: row.decidedAt?.toISOString() ?? null,
});

/** What the next charge of a subscription carries besides its plan and its checkout add-ons. */
export interface CycleAddOns {
  readonly lines: readonly { readonly description: string; readonly amount: number }[];
  /** The appointment add-ons among them: written as charged by the cycle that charges them. */
  readonly appointmentAddOnIds: readonly string[];
}

const addOnName = (row: Pick<AddOnRow, 'serviceData' | 'custom' | 'planId'>): string => row.serviceData?.name ?? row.custom?.description ?? row.planId ?? '';

/**
 * The approved add-ons a subscription's charge due at `dueAt` carries: those on the subscription (each charge),
 * and those on its visits not charged yet whose visit starts before the end of the period it pays for.
 */
export const cycleAddOns = async (db: Db, sub: SubscriptionRow, dueAt: Date): Promise<CycleAddOns> => {
  const periodEnd = new Date(billingDueAt(dueAt.getTime(), sub.frequency, 1)).toISOString();
  const onSubscription = await db
    .select()
    .from(appointmentAddOns)
    .where(and(eq(appointmentAddOns.subscriptionId, sub.id), isNull(appointmentAddOns.appointmentId), eq(appointmentAddOns.status, 'approved')))
    .orderBy(appointmentAddOns.createdAt);
  const onVisits = await db
    .select({ addOn: appointmentAddOns, start: appointments.startTime })
    .from(appointmentAddOns)
    .innerJoin(appointments, eq(appointments.id, appointmentAddOns.appointmentId))
    .where(and(eq(appointments.subscriptionId, sub.id), eq(appointmentAddOns.status, 'approved'), isNull(appointmentAddOns.billedCycleId)))
    .orderBy(appointments.startTime, appointmentAddOns.createdAt);
  const charged = onVisits.filter((v) => chargedWithPeriod(v.start.toISOString(), periodEnd));
  return {
    lines: [
      ...onSubscription.map((a) => ({ description: addOnName(a), amount: a.price })),
      ...charged.map((v) => ({ description: `${addOnName(v.addOn)} (${v.start.toISOString().slice(0, 10)})`, amount: v.addOn.price })),
    ],
    appointmentAddOnIds: charged.map((v) => v.addOn.id),
  };
};

/** Marks appointment add-ons as charged by a cycle (only those not charged yet). */
export const markAddOnsCharged = async (db: Db, ids: readonly string[], cycleId: string): Promise<void> => {
  if (!ids.length) return;
  await db
    .update(appointmentAddOns)
    .set({ billedCycleId: cycleId })
    .where(and(inArray(appointmentAddOns.id, [...ids]), isNull(appointmentAddOns.billedCycleId)));
};

/** appointmentAddOnData, subscriptionAddOnData and approval_data of some appointments (removed add-ons left out). */
export const appointmentExtras = async (
  db: Db,
  rows: readonly Pick<AppointmentRow, 'id' | 'subscriptionId'>[],
): Promise<Map<string, Pick<AppointmentWire, 'appointmentAddOnData' | 'subscriptionAddOnData' | 'approval_data'>>> => {
  const ids = rows.map((r) => r.id);
  const subs = [...new Set(rows.flatMap((r) => (r.subscriptionId ? [r.subscriptionId] : [])))];
  if (!ids.length) return new Map();
  const addOns = await db
    .select()
    .from(appointmentAddOns)
    .where(
      and(
        ne(appointmentAddOns.status, 'removed'),
        subs.length
          ? or(inArray(appointmentAddOns.appointmentId, ids), and(inArray(appointmentAddOns.subscriptionId, subs), isNull(appointmentAddOns.appointmentId)))
          : inArray(appointmentAddOns.appointmentId, ids),
      ),
    )
    .orderBy(appointmentAddOns.createdAt);
  const requests = await db.select().from(approvals).where(inArray(approvals.appointmentId, ids)).orderBy(desc(approvals.createdAt));
  const people = await peopleById(db, addOns.map((a) => a.requestedByAccountId));
  return new Map(
    rows.map((r) => {
      // The pending request first, else the last one decided.
      const mine = requests.filter((a) => a.appointmentId === r.id);
      const approval = mine.find((a) => a.status === 'pending') ?? mine[0];
      return [
        r.id,
        {
          appointmentAddOnData: addOns.filter((a) => a.appointmentId === r.id).map((a) => addOnWire(a, people)),
          subscriptionAddOnData: addOns.filter((a) => r.subscriptionId && a.subscriptionId === r.subscriptionId && !a.appointmentId).map((a) => addOnWire(a, people)),
          approval_data: approval
            ? {
                _id: approval.id,
                status: approval.status,
                type: approval.type,
                note: approval.note,
                data: {
                  appointmentId: approval.appointmentId,
                  ...(approval.data.homeSize ? { homeSize: approval.data.homeSize } : {}),
                  ...(approval.data.startTime ? { startTime: approval.data.startTime } : {}),
                },
                ...(approval.requestedByRole ? { requested_by_account_type: accountKindOf(approval.requestedByRole) } : {}),
                created: approval.createdAt.toISOString(),
              }
            : null,
        },
      ];
    }),
  );
};

type AddBody = Schemas['AddAddOnRequest'];
type RemoveBody = Schemas['RemoveAddOnRequest'];
type ApproveBody = Schemas['ApproveAddOnRequest'];
type UpdateBody = Schemas['UpdateAddOnRequest'];
type UpdateCustomBody = Schemas['UpdateCustomAddOnRequest'];
type CreateApprovalBody = Schemas['CreateApprovalRequest'];
type DecideApprovalBody = Schemas['DecideApprovalRequest'];

export interface AddOnService {
  add(auth: AuthContext, body: AddBody, requestId: string): Promise<AddOnResult>;
  remove(auth: AuthContext, body: RemoveBody, requestId: string): Promise<AddOnResult>;
  approve(auth: AuthContext, body: ApproveBody, requestId: string): Promise<AddOnResult>;
  updatePlan(auth: AuthContext, body: UpdateBody, requestId: string): Promise<AddOnResult>;
  updateCustom(auth: AuthContext, body: UpdateCustomBody, requestId: string): Promise<AddOnResult>;
  createApproval(auth: AuthContext, body: CreateApprovalBody, requestId: string): Promise<ApprovalWire>;
  getApproval(auth: AuthContext, id: string): Promise<ApprovalWire>;
  decideApproval(auth: AuthContext, id: string, body: DecideApprovalBody, requestId: string): Promise<ApprovalWire>;
  /** An appointment as read, with its add-ons and its approval request (appointmentAddOnData, subscriptionAddOnData, approval_data). */
  withExtras(appointment: AppointmentWire): Promise<AppointmentWire>;
}

export interface AddOnServiceDeps {
  readonly db: Db;
  readonly transitions: TransitionService;
  readonly clock: Clock;
  readonly live?: LiveHub;
}

/** The terms of a catalogue add-on: its service (active), and its plan id `addon-<id>`. */
interface CatalogueTerms {
  readonly serviceId: string;
  readonly planId: string;
  readonly serviceData: NonNullable<AddOnRow['serviceData']>;
  readonly price: number;
}

export const createAddOnService = ({ db, transitions, clock, live }: AddOnServiceDeps): AddOnService => {
  /** After commit: every party of the record and super watchers hear 'updated' about the appointment (or subscription). */
  const announce = (parties: readonly (string | null)[], resourceType: 'appointment' | 'subscription', resourceId: string) => {
    if (!live) return;
    const payload = { reason: 'updated', resourceType, resourceId };
    for (const accountId of new Set(parties.filter((id): id is string => id !== null))) live.toAccount(accountId, LiveEvents.resourceUpdated, payload);
    live.toSupers(LiveEvents.resourceUpdated, payload);
  };
  const announceAddOn = (row: AddOnRow) =>
    announce(
      [row.customerAccountId, row.vendorAccountId, row.organizationAccountId],
      row.appointmentId ? 'appointment' : 'subscription',
      row.appointmentId ?? row.subscriptionId ?? row.id,
    );

  const visibleAppointment = async (auth: AuthContext, id: string): Promise<AppointmentRow> => {
    const [row] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, id), visibleTo(auth, appointmentOwner)));
    if (!row) throw notFound(MESSAGES.appointment_invalid);
    return row;
  };

  const visibleAddOn = async (auth: AuthContext, id: string): Promise<AddOnRow> => {
    const [row] = await db
      .select()
      .from(appointmentAddOns)
      .where(and(eq(appointmentAddOns.id, id), visibleTo(auth, addOnOwner)));
    if (!row) throw notFound('Add-on not found');
    return row;
  };

  /** 409 unless the visit is open and ahead (the rule addon.visitOpen). */
  const visitOpen = (visit: AppointmentRow, action: string) => {
    const facts = { status: visit.status, startTime: visit.startTime.toISOString(), now: clock.now().toISOString() };
    if (!addOnVisitRule.test(facts)) {
      throw new HttpError(
        409,
        `addon: '${action}' is not allowed on an appointment in status '${visit.status}' starting ${facts.startTime} — ${addOnVisitRule.id}: ${addOnVisitRule.spec}`,
        'illegal_transition',
      );
    }
  };

  const catalogueTerms = async (serviceId: string | undefined, planId: string): Promise<CatalogueTerms> => {
    const id = serviceId ?? (planId.startsWith('addon-') ? planId.slice('addon-'.length) : '');
    const [service] = await db
      .select()
      .from(addOnServices)
      .where(and(eq(addOnServices.id, id), eq(addOnServices.active, true)));
    if (!service || planId !== addOnPlanId(service.id)) throw badRequest(`Unknown add-on '${serviceId ?? planId}'`, 'addon_not_found');
    return {
      serviceId: service.id,
      planId,
      serviceData: { _id: service.id, name: service.name, description: service.description },
      price: service.price,
    };
  };

  const customTerms = (custom: { description: string; value: number }) => {
    const description = custom.description.trim();
    if (description === '') throw badRequest(MESSAGES.missing_required_fields, 'missing_fields');
    if (!Number.isInteger(custom.value) || custom.value <= 0) throw badRequest('Invalid value', 'invalid_value');
    return { description, value: custom.value };
  };

  const resultOf = async (row: AddOnRow): Promise<AddOnResult> => {
    const people = await peopleById(db, [row.requestedByAccountId]);
    const addon = addOnWire(row, people);
    if (!row.appointmentId) return { addon };
    const [visit] = await db.select().from(appointments).where(eq(appointments.id, row.appointmentId));
    return { addon, ...(visit ? { appointment: await appointmentWithExtras(visit) } : {}) };
  };

  const appointmentWithExtras = async (visit: AppointmentRow): Promise<AppointmentWire> => {
    const [people, zones] = await Promise.all([peopleById(db, [visit.customerAccountId, visit.vendorAccountId]), zonesOf(db, [visit])]);
    return { ...appointmentWire(visit, people, zones), ...(await appointmentExtras(db, [visit])).get(visit.id) };
  };

  /** One event of the add-on chart on an add-on the caller can see. */
  const sendAddOn = async (
    auth: AuthContext,
    row: AddOnRow,
    event: EventInput<typeof addOnMachine>,
    requestId: string,
    changes?: AddOnChanges,
  ) => {
    const { row: after } = await transitions.change('addOn', {
      auth,
      requestId,
      target: { id: row.id, visible: visibleTo(auth, addOnOwner) },
      event,
      ...(changes ? { changes } : {}),
    });
    announceAddOn(after);
    return resultOf(after);
  };

  const visitOfAddOn = async (row: AddOnRow) => {
    if (!row.appointmentId) return undefined;
    const [visit] = await db.select().from(appointments).where(eq(appointments.id, row.appointmentId));
    return visit;
  };

  const homeSizeOf = (row: AppointmentRow | SubscriptionRow): HomeSize | undefined => row.addressData?.address_meta?.home_size;

  /** The subscription's plan for a home size at its frequency, or 400 with the spec's message. */
  const planForHomeSize = async (sub: SubscriptionRow, homeSize: HomeSize, tx: Db = db) => {
    const rows = await tx.select().from(pricePlans).where(eq(pricePlans.serviceId, sub.serviceId));
    const choice = choosePlan(
      rows.map((p) => ({
        plan_id: p.planId,
        label: p.label,
        value: p.value,
        frequency: p.priceAutoSelectRules.frequency ?? null,
        preference_match_size: p.preferenceMatchSize ?? null,
        priceAutoSelectRules: p.priceAutoSelectRules,
      })),
      homeSize,
      sub.frequency,
    );
    if (!choice.ok) throw badRequest(choice.message, choice.code);
    return choice.plan;
  };

  const subscriptionOf = async (visit: AppointmentRow) => {
    if (!visit.subscriptionId) return undefined;
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, visit.subscriptionId));
    return sub;
  };

  const approvalResult = async (row: ApprovalRow) => {
    const people = await peopleById(db, [row.requestedByAccountId, row.decidedByAccountId]);
    const [sub] = row.subscriptionId ? await db.select({ name: subscriptions.serviceData }).from(subscriptions).where(eq(subscriptions.id, row.subscriptionId)) : [];
    return approvalWire(row, people, sub?.name.name);
  };

  return {
    async add(auth, body, requestId) {
      const refusal = addOnRequestRefusal(body);
      if (refusal) throw badRequest(refusal, 'missing_fields');
      const custom = body.custom ? customTerms(body.custom) : undefined;
      const catalogue = custom ? undefined : await catalogueTerms(body.service_id, body.plan_id!);
      const terms = {
        serviceId: catalogue?.serviceId ?? null,
        description: custom?.description ?? null,
        valueCents: custom?.value ?? null,
      };
      const values = {
        serviceId: catalogue?.serviceId ?? null,
        planId: catalogue?.planId ?? null,
        serviceData: catalogue?.serviceData ?? null,
        custom: custom ?? null,
        price: catalogue?.price ?? custom!.value,
        requestedByAccountId: auth.accountId,
        requestedByRole: auth.role,
      };
      if (body.appointment_id) {
        const visit = await visibleAppointment(auth, body.appointment_id);
        visitOpen(visit, 'addon.add');
        const { row } = await transitions.create('addOn', {
          auth,
          requestId,
          event: { type: 'addon.add', ...terms },
          values: {
            id: newId(),
            appointmentId: visit.id,
            subscriptionId: null,
            customerAccountId: visit.customerAccountId,
            vendorAccountId: visit.vendorAccountId,
            organizationAccountId: visit.organizationAccountId,
            ...values,
          },
        });
        announceAddOn(row);
        return resultOf(row);
      }
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(and(or(eq(subscriptions.id, body.subscription_id!), eq(subscriptions.orderId, body.subscription_id!)), visibleTo(auth, subscriptionOwner)));
      if (!sub) throw notFound('Subscription not found');
      const row = await db.transaction(async (tx) => {
        // The subscription's own chart decides first (customer or super, while live).
        await transitions.change('subscription', { auth, requestId, target: { id: sub.id, visible: undefined }, event: { type: 'subscription.addAddOn', ...terms }, tx });
        const created = await transitions.create('addOn', {
          auth,
          requestId,
          event: { type: 'addon.add', ...terms },
          values: {
            id: newId(),
            appointmentId: null,
            subscriptionId: sub.id,
            customerAccountId: sub.customerAccountId,
            vendorAccountId: sub.vendorAccountId,
            organizationAccountId: sub.organizationAccountId,
            ...values,
          },
          tx,
        });
        return created.row;
      });
      announceAddOn(row);
      return resultOf(row);
    },

    async remove(auth, { addon_id }, requestId) {
      const row = await visibleAddOn(auth, addon_id);
      return sendAddOn(auth, row, { type: 'addon.remove' }, requestId);
    },

    async approve(auth, { addon_id, approved }, requestId) {
      const row = await visibleAddOn(auth, addon_id);
      const visit = await visitOfAddOn(row);
      if (visit && approved) visitOpen(visit, 'addon.approve');
      return sendAddOn(auth, row, { type: approved ? 'addon.approve' : 'addon.decline' }, requestId);
    },

    async updatePlan(auth, { addon_id, service_id, plan_id }, requestId) {
      const row = await visibleAddOn(auth, addon_id);
      const terms = await catalogueTerms(service_id, plan_id);
      const visit = await visitOfAddOn(row);
      if (visit) visitOpen(visit, 'addon.update');
      return sendAddOn(auth, row, { type: 'addon.update', serviceId: terms.serviceId, description: null, valueCents: null }, requestId, {
        serviceId: terms.serviceId,
        planId: terms.planId,
        serviceData: terms.serviceData,
        custom: null,
        price: terms.price,
      });
    },

    async updateCustom(auth, { addon_id, custom }, requestId) {
      const row = await visibleAddOn(auth, addon_id);
      const terms = customTerms(custom);
      const visit = await visitOfAddOn(row);
      if (visit) visitOpen(visit, 'addon.update');
      return sendAddOn(auth, row, { type: 'addon.update', serviceId: null, description: terms.description, valueCents: terms.value }, requestId, {
        serviceId: null,
        planId: null,
        serviceData: null,
        custom: terms,
        price: terms.value,
      });
    },

    async createApproval(auth, body, requestId) {
      const homeSize = body.type === 'home_size' ? body.data.homeSize : undefined;
      const startTime = body.type === 'start_time' ? body.data.startTime : undefined;
      if (!homeSize && !startTime) throw badRequest(MESSAGES.missing_required_fields, 'missing_fields');
      const visit = await visibleAppointment(auth, body.appointment_id);
      const sub = await subscriptionOf(visit);
      if (homeSize) {
        if (homeSizeOf(visit) === homeSize) throw badRequest(`The home size is already ${homeSize}`, 'invalid_home_size');
        // The new size must have a price at the subscription's frequency (checked again when approved).
        if (sub) await planForHomeSize(sub, homeSize);
      }
      const row = await db.transaction(async (tx) => {
        // The appointment's chart first: who may ask (403), in which status, and not while one is pending (409).
        await transitions.change('appointment', {
          auth,
          requestId,
          target: { id: visit.id, visible: undefined },
          event: homeSize ? { type: 'appointment.requestHomeSize' } : { type: 'appointment.requestStartTime', startTime: startTime! },
          tx,
        });
        // Then the request itself, through the approval chart (type known, a note given).
        const created = await transitions.create('approval', {
          auth,
          requestId,
          event: { type: 'approval.request', approvalType: body.type, note: body.note ?? '' },
          values: {
            id: newId(),
            type: body.type,
            appointmentId: visit.id,
            subscriptionId: visit.subscriptionId,
            customerAccountId: visit.customerAccountId,
            vendorAccountId: visit.vendorAccountId,
            organizationAccountId: visit.organizationAccountId,
            data: homeSize ? { homeSize } : { startTime: startTime! },
            note: (body.note ?? '').trim(),
            requestedByAccountId: auth.accountId,
            requestedByRole: auth.role,
          },
          tx,
        });
        return created.row;
      });
      announce([row.customerAccountId, row.vendorAccountId, row.organizationAccountId], 'appointment', row.appointmentId);
      return approvalResult(row);
    },

    async withExtras(appointment) {
      const extras = (await appointmentExtras(db, [{ id: appointment._id, subscriptionId: appointment.subscription_id ?? null }])).get(appointment._id);
      return { ...appointment, ...extras };
    },

    async getApproval(auth, id) {
      const [row] = await db
        .select()
        .from(approvals)
        .where(and(eq(approvals.id, id), visibleTo(auth, approvalOwner)));
      if (!row) throw notFound('Approval request not found');
      return approvalResult(row);
    },

    async decideApproval(auth, id, { status, note }, requestId) {
      const [current] = await db
        .select()
        .from(approvals)
        .where(and(eq(approvals.id, id), visibleTo(auth, approvalOwner)));
      if (!current) throw notFound('Approval request not found');
      if (status === 'canceled') {
        throw new HttpError(409, "approval: 'canceled' — the approval chart has no withdrawal; the customer approves or declines", 'illegal_transition');
      }
      const row = await db.transaction(async (tx) => {
        const { row: decided } = await transitions.change('approval', {
          auth,
          requestId,
          target: { id, visible: visibleTo(auth, approvalOwner) },
          event: status === 'approved' ? { type: 'approval.approve', ...(note !== undefined ? { note } : {}) } : { type: 'approval.decline', ...(note !== undefined ? { note } : {}) },
          changes: { decidedByAccountId: auth.accountId, decisionNote: note?.trim() || null },
          tx,
        });
        if (status === 'approved' && decided.type === 'home_size' && decided.data.homeSize) await applyHomeSize(tx, auth, decided, decided.data.homeSize, requestId);
        return decided;
      });
      announce([row.customerAccountId, row.vendorAccountId, row.organizationAccountId], 'appointment', row.appointmentId);
      return approvalResult(row);
    },
  };

  /**
   * An approved home-size change: the subscription moves to the plan of the new size at its frequency (its
   * chart's `subscription.update`), and the address it serves, the visit and the visits still ahead carry the
   * new size.
   */
  async function applyHomeSize(tx: Db, auth: AuthContext, approval: ApprovalRow, homeSize: HomeSize, requestId: string) {
    const [visit] = await tx.select().from(appointments).where(eq(appointments.id, approval.appointmentId));
    if (!visit) return;
    const withSize = <A extends { address_meta?: { additional_details?: string | null; home_size?: HomeSize } }>(address: A): A => ({
      ...address,
      address_meta: { ...address.address_meta, home_size: homeSize },
    });
    const [sub] = visit.subscriptionId ? await tx.select().from(subscriptions).where(eq(subscriptions.id, visit.subscriptionId)) : [];
    if (sub) {
      const plan = await planForHomeSize(sub, homeSize, tx);
      const changes = { price: plan.value, ...(sub.addressData ? { addressData: withSize(sub.addressData) } : {}) };
      if (plan.plan_id !== sub.planId) {
        await transitions.change('subscription', {
          auth,
          requestId,
          target: { id: sub.id, visible: undefined },
          event: { type: 'subscription.update', planId: plan.plan_id },
          changes,
          tx,
        });
      } else {
        // The same plan serves both sizes: nothing for the chart to decide; the copy of the address follows.
        await tx.update(subscriptions).set(changes).where(eq(subscriptions.id, sub.id));
      }
      if (sub.addressId) await tx.update(addresses).set({ homeSize }).where(eq(addresses.id, sub.addressId));
      // The visits still ahead follow (their copy of the address and their price).
      const ahead = await tx
        .select()
        .from(appointments)
        .where(and(eq(appointments.subscriptionId, sub.id), gte(appointments.startTime, clock.now())));
      for (const a of ahead) {
        await tx.update(appointments).set({ addressData: withSize(a.addressData), planId: plan.plan_id, price: plan.value }).where(eq(appointments.id, a.id));
      }
    }
    await tx.update(appointments).set({ addressData: withSize(visit.addressData) }).where(eq(appointments.id, visit.id));
  }
};
