import { describe, expect, it } from 'vitest';
import { Appointment, AppointmentStatuses, AddOn } from '../../../src/core/model/appointment';
import { Approval } from '../../../src/core/model/approval';
import { Subscription, SubscriptionStatuses } from '../../../src/core/model/subscription';
import { Coupon, Order, Service, TaxRate } from '../../../src/core/model/service';
import { BillingSource } from '../../../src/core/model/billing';
import { Customer, CustomerNote } from '../../../src/core/model/customer';
import { Affiliate, ContributionList } from '../../../src/core/model/affiliate';
import { Vendor, VendorSchedule } from '../../../src/core/model/vendor';
import { Organization } from '../../../src/core/model/organization';
import { Ticket, TicketComment } from '../../../src/core/model/ticket';
import { Invoice } from '../../../src/core/model/invoice';
import { Review } from '../../../src/core/model/review';
import { Address } from '../../../src/core/model/address';
import { Phone } from '../../../src/core/model/phone';
import { BotTask } from '../../../src/core/model/bot';
import { Payout, Transfer } from '../../../src/core/model/payouts';
import { AppointmentStatuses as RuleAppointmentStatuses } from '../../../src/core/rules/appointments';
import { Frequencies as RuleFrequencies } from '../../../src/core/rules/subscriptions';
import { Frequencies as ModelFrequencies } from '../../../src/core/model/service';
import { InvoiceStatuses as ChartInvoiceStatuses } from '../../../src/core/rules/invoices';
import { InvoiceStatuses } from '../../../src/core/model/invoice';
import { fails, id, ok } from './helpers';

/** Wire samples as the reference server sends them (openapi/schemas). */
const T = '2025-05-02T14:00:00.000Z';
const person = { _id: id(1), first_name: 'Casey', last_name: 'Doe', primary_email: 'casey@example.com' };
const address = {
  _id: id(2),
  address_formatted: '1 Main St, Atlanta, GA 30301',
  street_number: '1',
  street: 'Main St',
  city: 'Atlanta',
  state: 'GA',
  postal_code: '30301',
  address_meta: { additional_details: null, home_size: 'medium' },
  is_default: true,
};
const plan = { plan_id: 'p-week-m', label: 'Weekly, medium', value: 4500, frequency: 'week', preference_match_size: 'medium', priceAutoSelectRules: { home_size: 'medium', frequency: 'week' } };
const serviceData = { _id: id(3), name: 'Lawn mowing', category: { name: 'Lawn' }, prices: [plan] };
const addOn = { _id: id(4), appointment_id: id(5), service_data: { name: 'Edging' }, plan_id: 'p-edge', custom: null, price: 1500, status: 'pending' };
const appointment = {
  _id: id(5),
  status: 'active',
  start_time: T,
  service_data: serviceData,
  order_data: { _id: id(6), plan_id: 'p-week-m', type: 'subscription' },
  customer_data: person,
  vendor_data: null,
  address_data: address,
  appointmentAddOnData: [addOn],
  subscriptionAddOnData: [],
  approval_data: { status: 'pending', type: 'home_size', data: { appointmentId: id(5) } },
  paymentIntentId: null,
  custom: { description: 'Trim hedge', value: 2000 },
  approvedByCustomer: true,
  route_order: 3,
};

describe('Appointment', () => {
  it('decodes a wire sample; unknown fields are dropped, not refused', () => {
    const decoded = ok(Appointment, appointment);
    expect(decoded.address_data?.address_meta?.home_size).toBe('medium');
    expect(decoded.appointmentAddOnData?.[0]?.status).toBe('pending');
    expect('route_order' in decoded).toBe(false);
  });
  it('refuses an unknown status, a float price or a malformed id', () => {
    expect(fails(Appointment, { ...appointment, status: 'finished' })).toContain('status');
    expect(fails(Appointment, { ...appointment, custom: { description: 'x', value: 20.5 } })).toBeDefined();
    expect(fails(Appointment, { ...appointment, _id: 'abc' })).toBeDefined();
    expect(fails(AddOn, { ...addOn, status: 'maybe' })).toBeDefined();
  });
  it('has one list of statuses: the rules read the model', () => {
    expect(RuleAppointmentStatuses).toBe(AppointmentStatuses);
    expect(RuleFrequencies).toBe(ModelFrequencies);
  });
});

describe('Approval', () => {
  const approval = { _id: id(7), type: 'start_time', status: 'pending', note: 'Rain', data: { appointmentId: id(5), startTime: T, appointmentData: { start_time: T } } };
  it('decodes', () => expect(ok(Approval, approval).data.startTime).toBe(T));
  it('refuses an unknown type or status', () => {
    expect(fails(Approval, { ...approval, type: 'price' })).toBeDefined();
    expect(fails(Approval, { ...approval, status: 'maybe' })).toBeDefined();
  });
});

describe('Subscription and the service catalogue', () => {
  const subscription = { _id: id(8), orderId: id(6), status: 'paused', customer_id: id(1), service_data: serviceData, plan_id: 'p-week-m', frequency: 'biweek', contract_length: 12, price: 4500 };
  it('decodes', () => expect(ok(Subscription, subscription).contract_length).toBe(12));
  it('refuses an unknown status, frequency or contract length', () => {
    expect(SubscriptionStatuses).toContain('paused');
    expect(fails(Subscription, { ...subscription, status: 'frozen' })).toBeDefined();
    expect(fails(Subscription, { ...subscription, frequency: 'daily' })).toBeDefined();
    expect(fails(Subscription, { ...subscription, contract_length: 7 })).toBeDefined();
  });
  it('decodes a service, an order, a coupon and a tax rate; refuses a home size that is not one', () => {
    expect(ok(Service, { _id: id(3), name: 'Lawn mowing', prices: [plan] }).prices[0]?.value).toBe(4500);
    expect(fails(Service, { _id: id(3), name: 'Lawn mowing', prices: [{ ...plan, preference_match_size: 'huge' }] })).toBeDefined();
    expect(ok(Order, { _id: id(6), type: 'onetime', status: 'paid', customer_id: id(1), total: 4500 }).status).toBe('paid');
    expect(fails(Order, { _id: id(6), type: 'weekly', status: 'paid', customer_id: id(1) })).toBeDefined();
    expect(ok(Coupon, { code: 'SPRING', valid: true, priceOptionId: null, duration: 'once' }).valid).toBe(true);
    expect(fails(Coupon, { code: 'SPRING', valid: true, duration: 'sometimes' })).toBeDefined();
    expect(ok(TaxRate, { postalCode: '30301', rate: 8.9 }).rate).toBe(8.9);
    expect(fails(TaxRate, { postalCode: '3030', rate: 8.9 })).toBeDefined();
  });
});

describe('Customer, billing and give-back', () => {
  it('decodes a customer with addresses, phones, payment info and affiliates', () => {
    const customer = ok(Customer, {
      ...person,
      address: [address],
      phones: [{ phoneID: id(9), number: '+15551234567' }],
      address_checklist: [{ label: 'Gate code', done: false }],
      payment_info: { has_card: true, last4: '4242' },
      affiliates: [{ affiliate_id: 'green-lawns', percentage: 20 }],
      meta: { initialSetup: true, skipOnboarding: false },
    });
    expect(customer.address?.[0]?.is_default).toBe(true);
    expect(customer.affiliates?.[0]?.percentage).toBe(20);
  });
  it('refuses a share over 100% and a note of an unknown priority', () => {
    expect(fails(ContributionList, { items: [{ affiliate_id: 'green-lawns', percentage: 120 }] })).toBeDefined();
    expect(fails(CustomerNote, { _id: id(1), note: 'x', priority: 'asap', category: 'general' })).toBeDefined();
  });
  it('decodes a card; refuses one without its last four digits', () => {
    expect(ok(BillingSource, { stripe_src_id: 'card_1', brand: 'Visa', last4: '4242', exp_month: 4, exp_year: 2030 }).brand).toBe('Visa');
    expect(fails(BillingSource, { stripe_src_id: 'card_1', brand: 'Visa' })).toBeDefined();
  });
  it('decodes an address and a phone', () => {
    expect(ok(Address, address).postal_code).toBe('30301');
    expect(fails(Address, { ...address, address_meta: { home_size: 'xl' } })).toBeDefined();
    expect(fails(Phone, { number: '+15551234567' })).toBeDefined();
  });
});

describe('Affiliate, vendor and organization', () => {
  it('decodes an affiliate with its referral ids', () => {
    const a = ok(Affiliate, { _id: id(1), first_name: 'A', last_name: 'B', primary_email: 'a@b.co', affiliate_id: 'green-lawns', affiliatesArray: [{ affiliate_id: 'green-2' }], isSalesProfessional: false, goal: 50000 });
    expect(a.affiliatesArray?.[0]?.affiliate_id).toBe('green-2');
    expect(fails(Affiliate, { _id: id(1), first_name: 'A', last_name: 'B', primary_email: 'a@b.co', affiliate_id: 'has space' })).toBeDefined();
  });
  it('decodes a vendor (is_part_of_org) and its time-off request; refuses an unknown approval', () => {
    const schedule = { schedule_id: id(2), vendor_id: id(1), start_time: T, end_time: T, approval: 'pending' };
    expect(ok(Vendor, { ...person, is_part_of_org: true, availability: [{ day_of_week: 'monday', start: '0800', end: '1700' }], time_off: [schedule] }).is_part_of_org).toBe(true);
    expect(fails(VendorSchedule, { ...schedule, approval: 'maybe' })).toBeDefined();
    expect(fails(Vendor, { ...person, is_part_of_org: true, availability: [{ day_of_week: 'someday', start: '0800', end: '1700' }] })).toBeDefined();
  });
  it('decodes an organization; refuses an unknown entity type', () => {
    const org = { _id: id(1), company_name: 'Green Co', primary_email: 'o@b.co', meta: { isApproved: false, approval_status: 'pending' }, entity_type: null };
    expect(ok(Organization, org).company_name).toBe('Green Co');
    expect(fails(Organization, { ...org, entity_type: 'corporation' })).toBeDefined();
  });
});

describe('Ticket', () => {
  const comment = { _id: id(2), sender_id: id(3), sender_account_type: 'super', comment: 'On it', created: T };
  const ticket = { _id: id(1), ticket_id: 'T-1001', status: 'open', priority: 'high', type: 'appointment', comments: [comment], account_id: id(4), account_type: 'customer', fields: { gate: '1234' } };
  it("decodes, with a comment from super (the contract's sender_account_type allows it)", () => {
    expect(ok(TicketComment, comment).sender_account_type).toBe('super');
    expect(ok(Ticket, ticket).priority).toBe('high');
  });
  it('refuses an unknown status, type, priority or sender', () => {
    expect(fails(Ticket, { ...ticket, status: 'pending' })).toBeDefined();
    expect(fails(Ticket, { ...ticket, type: 'billing' })).toBeDefined();
    expect(fails(Ticket, { ...ticket, priority: 'critical' })).toBeDefined();
    expect(fails(TicketComment, { ...comment, sender_account_type: 'robot' })).toBeDefined();
  });
});

describe('Invoice, review, bot task, money movements', () => {
  const invoice = { _id: id(1), invoice_id: 'TW-000123', status: 'draft', customer_id: id(2), lines: [{ description: 'Mowing', quantity: 1, unit_amount: 4500, amount: 4500 }], total: 4500, currency: 'usd' };
  it('decodes an invoice; refuses another currency or an unknown status', () => {
    expect(ok(Invoice, invoice).lines[0]?.amount).toBe(4500);
    expect(fails(Invoice, { ...invoice, currency: 'eur' })).toBeDefined();
    expect(fails(Invoice, { ...invoice, status: 'overdue' })).toBeDefined();
  });
  it("the invoice chart's statuses are a part of the wire union", () => {
    for (const s of ChartInvoiceStatuses) expect(InvoiceStatuses).toContain(s);
  });
  it('decodes a review, a bot task, a transfer and a payout', () => {
    expect(ok(Review, { _id: id(1), appointment_id: id(2), rating: 5, created: T }).rating).toBe(5);
    expect(fails(Review, { _id: id(1), rating: 5, created: T })).toBeDefined();
    expect(ok(BotTask, { taskId: 'task-1', status: 'waiting_for_reply' }).status).toBe('waiting_for_reply');
    expect(fails(BotTask, { taskId: 'task-1', status: 'sleeping' })).toBeDefined();
    expect(ok(Transfer, { _id: 'tr_1', amount: 100, currency: 'usd', status: 'paid', created: T }).amount).toBe(100);
    expect(fails(Payout, { _id: 'po_1', amount: 100, currency: 'usd', status: 'lost', created: T })).toBeDefined();
  });
});
