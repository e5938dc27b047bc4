/** The smaller lifecycle charts: add-on, approval request, invoice, ticket, notification, time off, organization approval. */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import type { ActorRole } from '../../src/core/rules/spec-rule';
import { decideAddOn, emptyAddOn } from '../../src/machines/lifecycles/addon.machine';
import { approvalAt, decideApproval, emptyApproval } from '../../src/machines/lifecycles/approval.machine';
import { decideInvoice, emptyInvoice } from '../../src/machines/lifecycles/invoice.machine';
import { decideNotification, notificationAt, notificationMachine } from '../../src/machines/lifecycles/notification.machine';
import {
  decideOrganizationApproval,
  organizationApprovalAt,
  organizationApprovalMachine,
} from '../../src/machines/lifecycles/organization-approval.machine';
import { decideTicket, emptyTicket, ticketAt, ticketMachine } from '../../src/machines/lifecycles/ticket.machine';
import { decideTimeOff, emptyTimeOff } from '../../src/machines/lifecycles/time-off.machine';
import { notificationEvents } from './models/notification.model';
import { organizationApprovalEvents } from './models/organization-approval.model';
import { ticketEvents } from './models/ticket.model';

const NOW = '2030-06-15T09:00:00.000Z';
const as = (role: ActorRole) => ({ actor: { role }, now: NOW });

describe('add-on on an appointment', () => {
  const terms = { description: 'Extra bag of mulch', valueCents: 900 };
  it('added by the customer needs no approval; proposed by the vendor waits for the customer', () => {
    expect(decideAddOn('new', emptyAddOn, { type: 'addon.add', ...terms, ...as('customer') })).toMatchObject({ ok: true, to: 'approved' });
    expect(decideAddOn('new', emptyAddOn, { type: 'addon.add', ...terms, ...as('vendor') })).toMatchObject({ ok: true, to: 'pending' });
    expect(decideAddOn('pending', emptyAddOn, { type: 'addon.approve', ...as('customer') })).toMatchObject({ ok: true, to: 'approved' });
    expect(decideAddOn('pending', emptyAddOn, { type: 'addon.decline', ...as('customer') })).toMatchObject({ ok: true, to: 'declined' });
    expect(decideAddOn('pending', emptyAddOn, { type: 'addon.approve', ...as('vendor') }).ok).toBe(false);
  });
  it('a provider change to an approved add-on needs the customer again', () => {
    expect(decideAddOn('approved', emptyAddOn, { type: 'addon.update', ...terms, ...as('organization') })).toMatchObject({ ok: true, to: 'pending' });
    expect(decideAddOn('approved', emptyAddOn, { type: 'addon.update', ...terms, ...as('customer') })).toMatchObject({ ok: true, to: 'approved' });
  });
  it('a refused add is explained by both candidate transitions', () => {
    const d = decideAddOn('new', emptyAddOn, { type: 'addon.add', ...as('affiliate') });
    expect(d).toMatchObject({ ok: false, code: 'blocked_by_guard' });
    if (!d.ok) expect(d.blockedBy.map((r) => r.guard)).toEqual(['isCustomerSide', 'described', 'isProviderSide']);
  });
  it('removed and declined are final', () => {
    expect(decideAddOn('removed', emptyAddOn, { type: 'addon.remove', ...as('super') }).ok).toBe(false);
    expect(decideAddOn('declined', emptyAddOn, { type: 'addon.update', serviceId: 's', ...as('customer') }).ok).toBe(false);
  });
});

describe('approval request', () => {
  it('home_size by the vendor with a note; the customer approves', () => {
    const d = decideApproval('new', emptyApproval, { type: 'approval.request', approvalType: 'home_size', note: 'Larger lawn', ...as('vendor') });
    expect(d).toMatchObject({ ok: true, to: 'pending', facts: { approvalType: 'home_size' } });
    expect(approvalAt('pending', { approvalType: 'home_size' }).can({ type: 'approval.approve', ...as('customer') })).toBe(true);
    expect(approvalAt('pending', { approvalType: 'home_size' }).can({ type: 'approval.approve', ...as('vendor') })).toBe(false);
  });
  it('a note is required', () => {
    const d = decideApproval('new', emptyApproval, { type: 'approval.request', approvalType: 'home_size', note: '', ...as('vendor') });
    expect(d).toMatchObject({ ok: false, message: 'Note is required!' });
  });
  it('start_time: nobody may ask', () => {
    for (const role of ['customer', 'vendor', 'organization', 'super'] as const) {
      expect(decideApproval('new', emptyApproval, { type: 'approval.request', approvalType: 'start_time', note: 'x', ...as(role) })).toMatchObject({
        ok: false,
        blockedBy: [{ guard: 'mayAsk' }],
      });
    }
  });
});

describe('invoice', () => {
  it('create (a draft), send, update, pay by the customer', () => {
    expect(decideInvoice('new', emptyInvoice, { type: 'invoice.create', amountCents: 5000, ...as('organization') })).toMatchObject({ ok: true, to: 'draft' });
    expect(decideInvoice('draft', { amountCents: 5000 }, { type: 'invoice.send', ...as('organization') })).toMatchObject({ ok: true, to: 'open' });
    expect(decideInvoice('draft', { amountCents: 5000 }, { type: 'invoice.pay', hasCard: true, ...as('customer') })).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
    expect(decideInvoice('open', { amountCents: 5000 }, { type: 'invoice.send', ...as('organization') })).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
    expect(decideInvoice('open', { amountCents: 5000 }, { type: 'invoice.update', amountCents: 4000, ...as('organization') })).toMatchObject({
      ok: true,
      facts: { amountCents: 4000 },
    });
    expect(decideInvoice('open', { amountCents: 5000 }, { type: 'invoice.pay', hasCard: true, ...as('customer') })).toMatchObject({ ok: true, to: 'paid' });
  });
  it('paying without a card says so', () => {
    expect(decideInvoice('open', { amountCents: 5000 }, { type: 'invoice.pay', hasCard: false, ...as('customer') })).toMatchObject({
      ok: false,
      message: 'Customer does not have a card attached.',
    });
  });
  it('declined by the customer, re-issued by an update; a paid invoice is final', () => {
    expect(decideInvoice('open', { amountCents: 5000 }, { type: 'invoice.decline', ...as('customer') })).toMatchObject({ ok: true, to: 'declined' });
    expect(decideInvoice('open', { amountCents: 5000 }, { type: 'invoice.decline', ...as('organization') }).ok).toBe(false);
    expect(decideInvoice('declined', { amountCents: 5000 }, { type: 'invoice.update', amountCents: 4500, ...as('organization') })).toMatchObject({
      ok: true,
      to: 'open',
    });
    expect(decideInvoice('paid', { amountCents: 5000 }, { type: 'invoice.delete', ...as('super') })).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
  });
});

describe('help-desk ticket', () => {
  it('has simple paths through draft, open and closed', () => {
    const ends = getSimplePaths(ticketMachine as AnyStateMachine, { events: ticketEvents }).map((p) => p.state.value);
    expect(new Set(ends)).toEqual(new Set(['new', 'draft', 'open', 'closed']));
  });
  it('draft → open → comment → close (a bare update)', () => {
    expect(decideTicket('new', emptyTicket, { type: 'ticket.saveDraft', ...as('customer') })).toMatchObject({ ok: true, to: 'draft' });
    expect(decideTicket('draft', emptyTicket, { type: 'ticket.create', ...as('customer') })).toMatchObject({ ok: true, to: 'open' });
    expect(decideTicket('open', emptyTicket, { type: 'ticket.comment', comment: 'Any news?', ...as('customer') })).toMatchObject({ ok: true, to: 'open' });
    expect(decideTicket('open', emptyTicket, { type: 'ticket.close', ...as('vendor') })).toMatchObject({ ok: true, to: 'closed' });
  });
  it('a draft takes no comments; a closed ticket takes none (no reopen is declared)', () => {
    expect(ticketAt('draft').can({ type: 'ticket.comment', comment: 'x', ...as('customer') })).toBe(false);
    const d = decideTicket('closed', emptyTicket, { type: 'ticket.comment', comment: 'x', ...as('customer') });
    expect(d).toMatchObject({ ok: false, code: 'not_allowed_in_status' });
    if (!d.ok) expect(d.reason).toContain('Only an open ticket takes comments');
  });
});

describe('notification', () => {
  it('read ⇄ unread, dismissed is final', () => {
    const paths = getSimplePaths(notificationMachine as AnyStateMachine, { events: notificationEvents });
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['unread', 'read', 'dismissed']));
    expect(decideNotification('unread', {}, { type: 'notification.read', ...as('customer') })).toMatchObject({ ok: true, to: 'read' });
    expect(decideNotification('read', {}, { type: 'notification.unread', ...as('customer') })).toMatchObject({ ok: true, to: 'unread' });
    expect(decideNotification('read', {}, { type: 'notification.read', ...as('customer') })).toMatchObject({ ok: true, to: 'read' });
    expect(notificationAt('dismissed').can({ type: 'notification.unread', ...as('customer') })).toBe(false);
  });
});

describe('vendor time off', () => {
  const range = { start: '2030-06-20T00:00:00.000Z', end: '2030-06-22T00:00:00.000Z' };
  it('requested by the vendor, approved by the organization, deleted', () => {
    expect(decideTimeOff('new', emptyTimeOff, { type: 'timeOff.request', ...range, ...as('vendor') })).toMatchObject({ ok: true, to: 'pending', facts: range });
    expect(decideTimeOff('new', emptyTimeOff, { type: 'timeOff.request', ...range, ...as('organization') }).ok).toBe(false);
    expect(decideTimeOff('pending', range, { type: 'timeOff.approve', ...as('organization') })).toMatchObject({ ok: true, to: 'approved' });
    expect(decideTimeOff('pending', range, { type: 'timeOff.reject', ...as('vendor') }).ok).toBe(false);
    expect(decideTimeOff('approved', range, { type: 'timeOff.delete', ...as('vendor') })).toMatchObject({ ok: true, to: 'deleted' });
  });
  it('refuses a range that ends before it starts', () => {
    expect(decideTimeOff('new', emptyTimeOff, { type: 'timeOff.request', start: range.end, end: range.start, ...as('vendor') })).toMatchObject({
      ok: false,
      blockedBy: [{ guard: 'endsAfterStart' }],
    });
  });
});

describe('organization approval', () => {
  it('pending approval → approved, by an admin', () => {
    const paths = getSimplePaths(organizationApprovalMachine as AnyStateMachine, { events: organizationApprovalEvents });
    // approved directly by super or admin (2), rejected by either (2), approved after a rejection by either (4); the empty path to pending
    expect(paths.map((p) => p.state.value).sort()).toEqual(['approved', 'approved', 'approved', 'approved', 'approved', 'approved', 'pending', 'rejected', 'rejected']);
    expect(decideOrganizationApproval('pending', {}, { type: 'organization.approve', ...as('super') })).toMatchObject({ ok: true, to: 'approved' });
    expect(decideOrganizationApproval('pending', {}, { type: 'organization.approve', ...as('organization') }).ok).toBe(false);
    expect(organizationApprovalAt('approved').can({ type: 'organization.approve', ...as('super') })).toBe(false);
    expect(decideOrganizationApproval('pending', {}, { type: 'organization.reject', ...as('admin') })).toMatchObject({ ok: true, to: 'rejected' });
    expect(decideOrganizationApproval('rejected', {}, { type: 'organization.approve', ...as('super') })).toMatchObject({ ok: true, to: 'approved' });
    expect(decideOrganizationApproval('rejected', {}, { type: 'organization.reject', ...as('super') }).ok).toBe(false);
    expect(organizationApprovalAt('approved').can({ type: 'organization.reject', ...as('super') })).toBe(false);
  });
});
