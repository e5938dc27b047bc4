import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceId } from '../../../src/core/model/ids';
import type { Invoice } from '../../../src/core/model/invoice';
import type { ReadRequest, ReadResult } from '../../../src/machines/features/billing-read.machine';
import { upcomingCharge } from '../../../src/core/rules/billing';
import { activeSubscription, charge, mowingPlans } from '../../machines/models/billing.fixtures';
import { renderApp } from '../session/harness';
import { customer, customerInSpanish, fakeBilling } from './fakes';

const answering = (result: ReadResult) => async (_: ReadRequest) => result;

describe('the read-only billing screens', () => {
  it('/subscriptions lists each subscription with a link to manage it; none is the empty state', async () => {
    const { machines } = fakeBilling({ read: answering({ kind: 'subscriptions', items: [activeSubscription] }) });
    renderApp('/subscriptions', { storedToken: 'token-1', user: customer }, { billing: machines });
    expect(await screen.findByRole('link', { name: 'Manage Lawn mowing' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Lawn mowing' }).getAttribute('href')).toBe(`/subscriptions/${activeSubscription._id}`);
    expect(screen.getByText(/Weekly · \$35\.00 per visit/)).toBeTruthy();
  });

  it('/manage-subscriptions with no subscription says so', async () => {
    const { machines } = fakeBilling({ read: answering({ kind: 'subscriptions', items: [] }) });
    renderApp('/manage-subscriptions', { storedToken: 'token-1', user: customer }, { billing: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage subscriptions' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('You have no subscriptions yet.')).toBeTruthy();
  });

  it('/billing/invoice/upcoming shows the plan, the add-ons, the tax and the total of the next charge', async () => {
    const next = upcomingCharge({ subscription: activeSubscription, plans: mowingPlans, rateBasisPoints: 975 });
    const { machines } = fakeBilling({ read: answering({ kind: 'upcoming', items: [{ subscription: activeSubscription, charge: next, invoice: null }] }) });
    renderApp('/billing/invoice/upcoming', { storedToken: 'token-1', user: customer }, { billing: machines });
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    expect(within(table).getByText('Lawn mowing — Small lawn, weekly')).toBeTruthy();
    expect(within(table).getByText('Add-on: Hedge trimming')).toBeTruthy();
    expect(within(table).getByText('Tax (9.75%)')).toBeTruthy();
    expect(within(table).getByText('$4.88')).toBeTruthy();
    expect(within(table).getByText('$54.88')).toBeTruthy();
  });

  it('/billing/invoice/upcoming shows the server\'s upcoming invoice when it has one: its date, and what is due after the credit', async () => {
    const invoice: Invoice = {
      _id: 'a1a1a1a1a1a1a1a1a1a1a1a1' as InvoiceId,
      invoice_id: 'UPCOMING',
      status: 'draft' as const,
      customer_id: activeSubscription.customer_id,
      lines: [{ description: 'Lawn mowing — Small lawn, weekly', quantity: 1, unit_amount: 3500, amount: 3500 }],
      subtotal: 3500,
      discount: 0,
      tax: 341,
      total: 3841,
      amount_due: 2841,
      currency: 'usd',
      note: 'Credit applied: $10.00',
      due_date: '2026-12-14',
      period_start: '2026-12-14T15:00:00.000Z',
      period_end: '2026-12-21T15:00:00.000Z',
    };
    const { machines } = fakeBilling({ read: answering({ kind: 'upcoming', items: [{ subscription: activeSubscription, charge: null, invoice }] }) });
    renderApp('/billing/invoice/upcoming', { storedToken: 'token-1', user: customer }, { billing: machines });
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    expect(within(table).getByText('Charged on Dec 14, 2026')).toBeTruthy();
    expect(within(table).getByText('$38.41')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Amount due after your credit \$28\.41/ })).toBeTruthy();
    expect(within(table).getByText('Credit applied: $10.00')).toBeTruthy();
  });

  it('/billing/past/invoice/{id} is a printable receipt of the charge', async () => {
    const { machines } = fakeBilling({ read: answering({ kind: 'receipt', receipt: { kind: 'charge', charge } }) });
    renderApp(`/billing/past/invoice/${charge._id}`, { storedToken: 'token-1', user: customer }, { billing: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Print receipt' })).toBeTruthy();
    expect(screen.getAllByText('$38.41').length).toBeGreaterThan(0);
    expect(screen.getByText('Visa ending in 4242')).toBeTruthy();
  });

  it('/customer/list-invoices says, per subscription, when the server cannot list its invoices', async () => {
    const { machines } = fakeBilling({
      read: answering({ kind: 'invoices', items: [{ subscription: activeSubscription, invoices: null, error: { message: 'Not implemented yet: listSubscriptionInvoices', code: 'not_implemented' } }] }),
    });
    renderApp('/customer/list-invoices', { storedToken: 'token-1', user: customerInSpanish }, { billing: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Facturas' }, { timeout: 5000 })).toBeTruthy();
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(within(alert).getByText('Todavía no disponible')).toBeTruthy();
  });
});
