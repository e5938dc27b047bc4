import { invoicesMachine, type InvoicesLoad, type InvoicesScreen } from '../../../src/machines/features/invoices.machine';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { BillingHistoryEntry, BillingSource } from '../../../src/core/model/billing';
import type { Subscription } from '../../../src/core/model/subscription';
import type { CardInput } from '../../../src/core/ports/payments';
import { billingMachine, type BillingLoad, type CardChange } from '../../../src/machines/features/billing.machine';
import { billingReadMachine, type ReadRequest, type ReadResult } from '../../../src/machines/features/billing-read.machine';
import { subscriptionDetailMachine, type DetailCommand, type DetailLoad } from '../../../src/machines/features/subscription-detail.machine';
import type { BillingMachines } from '../../../src/ui/shared/Billing';
import { customerAccount, multiUser } from '../../machines/models/session.fixtures';
import { mastercard, mowingPlans } from '../../machines/models/billing.fixtures';

export const customer = {
  ...multiUser,
  accounts: [{ id: customerAccount._id, type: 'customer' as const }],
  account: { ...customerAccount, settings: { language_preference: 'en' as const } },
};
export const customerInSpanish = { ...customer, account: { ...customer.account, settings: { language_preference: 'es' as const } } };

/** Billing charts over a fake server holding `cards`, `history` and one `subscription`. */
export function fakeBilling(start: { cards?: readonly BillingSource[]; history?: readonly BillingHistoryEntry[]; subscription?: Subscription; read?: (r: ReadRequest) => Promise<ReadResult>; failLoad?: boolean } = {}) {
  let cards = start.cards ?? [];
  let subscription = start.subscription;
  const addCard = vi.fn(async (card: CardInput): Promise<readonly BillingSource[]> => {
    cards = [...cards.map((c) => ({ ...c, is_default: false })), { ...mastercard, is_default: true }];
    void card;
    return cards;
  });
  const changeCard = vi.fn(async (change: CardChange): Promise<readonly BillingSource[]> => {
    cards = change.kind === 'remove' ? cards.filter((c) => c.stripe_src_id !== change.id) : cards.map((c) => ({ ...c, is_default: c.stripe_src_id === change.id }));
    return cards;
  });
  const runCommand = vi.fn(async (command: DetailCommand): Promise<Subscription> => {
    if (!subscription) throw new Error('no subscription');
    subscription =
      command.kind === 'change'
        ? { ...subscription, frequency: command.frequency, plan_id: command.planId, price: mowingPlans.find((p) => p.plan_id === command.planId)?.value ?? 0 }
        : { ...subscription, status: command.kind === 'cancel' ? 'canceled' : command.kind === 'pause' ? 'paused' : 'active' };
    return subscription;
  });
  let failLoad = start.failLoad ?? false;
  const machines: BillingMachines = {
    cards: billingMachine.provide({
      actors: {
        loadBilling: fromPromise<BillingLoad, { readonly customerId: AccountId }>(async () => {
          if (failLoad) {
            failLoad = false;
            throw { _tag: 'NetworkError' };
          }
          return { cards, history: start.history ?? [] };
        }),
        addCard: fromPromise<readonly BillingSource[], { readonly customerId: AccountId; readonly card: CardInput }>(({ input }) => addCard(input.card)),
        changeCard: fromPromise<readonly BillingSource[], { readonly customerId: AccountId; readonly change: CardChange }>(({ input }) => changeCard(input.change)),
      },
    }),
    subscription: subscriptionDetailMachine.provide({
      actors: {
        loadSubscription: fromPromise<DetailLoad, { readonly subscriptionId: string }>(async () => {
          if (!subscription) throw { _tag: 'ApiError', status: 404, message: 'Subscription not found', code: 'not_found' };
          return { subscription, plans: mowingPlans };
        }),
        runCommand: fromPromise<Subscription, { readonly subscription: Subscription; readonly command: DetailCommand }>(({ input }) => runCommand(input.command)),
      },
    }),
    read: billingReadMachine.provide({ actors: { read: fromPromise<ReadResult, ReadRequest>(({ input }) => (start.read ? start.read(input) : Promise.reject(new Error('no read')))) } }),
    // The customer's written invoices (issue 11): none.
    invoices: invoicesMachine.provide({ actors: { load: fromPromise<InvoicesLoad, InvoicesScreen>(async () => ({ invoices: [], invoice: null, customers: [], cards: [] })) } }),
    provider: 'sandbox',
    mountCardField: () => Promise.reject(new Error('no card field')),
    now: () => '2026-11-23T12:00:00.000Z',
  };
  return { machines, addCard, changeCard, runCommand };
}
