/**
 * The payout onboarding screens in the app (issue 11): the vendor's steps (payout account, checklist, finish) with
 * fake actors, finishing moving the vendor home; and a rejected organization told so on the pending-approval page.
 * The English and Spanish catalogues of these screens hold the same keys.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AccountId, UserId } from '../../../src/core/model/ids';
import type { PayoutOnboarding } from '../../../src/core/model/payout-onboarding';
import type { Account, UserInfo } from '../../../src/core/model/user';
import { payoutSetupMachine, type SaveRequest } from '../../../src/machines/flows/payout-setup.machine';
import en from '../../../src/ui/i18n/onboarding.en.json';
import es from '../../../src/ui/i18n/onboarding.es.json';
import { PROGRESS_LEFT } from '../../machines/models/payout-setup.model';
import { account } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const VENDOR_ID = '6bbbbbbbbbbbbbbbbbbbbbbb' as AccountId;
const userOf = (active: Account): UserInfo => ({
  _id: 'e0000000000000000000000b' as UserId,
  email: active.primary_email,
  role: active.type,
  first_name: 'Vic',
  accounts: [{ id: active._id, type: active.type }],
  account: active,
});

const checklist = (done: boolean) => ({
  items: [
    { item_id: 'insurance', label: 'Insurance document', done: true, requires_document: true, media_id: 'm1', valid_until: '2031-01-01' },
    { item_id: 'background_check', label: 'Background check', done: true, requires_document: false, media_id: null, valid_until: null },
    { item_id: 'equipment', label: 'Equipment ready', done, requires_document: false, media_id: null, valid_until: null },
  ],
  complete: done,
});
const vendorProgress = (done: boolean) =>
  ({ ...PROGRESS_LEFT, kind: 'vendor', status: 'connected', stripe_id: 'acct_sandbox_1', remaining: [], can_finish: true, checklist: checklist(done) }) as unknown as PayoutOnboarding;

describe('the vendor onboarding screen', () => {
  it('lists the steps, opens the checklist, ticks an item, and finishing takes the vendor home', async () => {
    const saved: SaveRequest[] = [];
    const finishSetup = vi.fn(async (): Promise<void> => {});
    const flow = payoutSetupMachine.provide({
      actors: {
        loadProgress: fromPromise(async () => vendorProgress(false)),
        saveStep: fromPromise(async ({ input }: { input: SaveRequest }) => {
          saved.push(input);
          return vendorProgress(true);
        }),
        finishSetup: fromPromise(finishSetup),
      },
    });
    const notSetUp: Account = { ...account(VENDOR_ID, 'vendor', 'en', { initialSetup: false }), settings: { language_preference: 'en', stripe_id: 'acct_sandbox_1' } };
    const app = renderApp('/vendor/onboarding', { storedToken: 'token-1', user: userOf(notSetUp) }, { payoutOnboarding: { flow } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your vendor account' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Checklist' })).toBeTruthy();
    expect(await screen.findByText('Everything needed is in place: you can finish set-up.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Equipment ready' }));
    await waitFor(() => expect(saved).toEqual([{ kind: 'vendor', accountId: VENDOR_ID, step: 'tick', itemId: 'equipment', done: true }]));

    fireEvent.click(screen.getByRole('button', { name: /Finish/ }));
    app.setUser(userOf({ ...notSetUp, meta: { initialSetup: true } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Finish set-up' }));
    await waitFor(() => expect(finishSetup).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(app.current()).toBe('/vendor'));
  });
});

const AFFILIATE_ID = '6ccccccccccccccccccccccc' as AccountId;
const affiliateProgress = (fields: Partial<Record<string, unknown>>) =>
  ({ ...PROGRESS_LEFT, kind: 'affiliate', remaining: ['payout_account'], ...fields }) as unknown as PayoutOnboarding;
const BANK = { account_holder_name: 'Ari Affiliate', account_holder_type: 'individual', routing_number: '110000000', last4: '6789', bank_name: 'STRIPE TEST BANK', status: 'verified' };

describe('the affiliate onboarding screen', () => {
  it('shows the payout account, bank account and finish steps, saves the bank account, and finishing opens the dashboard', async () => {
    const saved: SaveRequest[] = [];
    const finishSetup = vi.fn(async (): Promise<void> => {});
    const connected = affiliateProgress({ status: 'connected', stripe_id: 'acct_sandbox_9', remaining: [], can_finish: true });
    const flow = payoutSetupMachine.provide({
      actors: {
        loadProgress: fromPromise(async () => connected),
        saveStep: fromPromise(async ({ input }: { input: SaveRequest }) => {
          saved.push(input);
          return { ...connected, bank_account: BANK } as unknown as PayoutOnboarding;
        }),
        finishSetup: fromPromise(finishSetup),
      },
    });
    const inSetUp: Account = { ...account(AFFILIATE_ID, 'affiliate', 'en', { initialSetup: false }), settings: { language_preference: 'en', stripe_id: 'acct_sandbox_9' } };
    const app = renderApp('/affiliate/onboarding', { storedToken: 'token-1', user: userOf(inSetUp) }, { payoutOnboarding: { flow } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your affiliate account' })).toBeTruthy();
    const steps = await screen.findByRole('navigation', { name: 'Set-up steps' });
    expect(Array.from(steps.querySelectorAll('button')).map((b) => b.textContent)).toEqual(['✓Payout account(done)', '2Bank account', '3Finish']);
    // connected already: the bank account step is the first open one; an individual's by default
    expect(await screen.findByRole('heading', { level: 2, name: 'Bank account' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Individual' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Account holder name/ }), { target: { value: 'Ari Affiliate' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Routing number/ }), { target: { value: '110000000' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Account number/ }), { target: { value: '000123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(saved.map((r) => [r.kind, r.step])).toEqual([['affiliate', 'bank']]));
    expect(saved[0]).toMatchObject({ accountId: AFFILIATE_ID, draft: { account_holder_type: 'individual', routing_number: '110000000', account_number: '000123456789' } });

    expect(await screen.findByRole('heading', { level: 2, name: 'Finish' })).toBeTruthy();
    expect(screen.getByText('When you finish, your affiliate dashboard opens. You can change your bank account later.')).toBeTruthy();
    app.setUser(userOf({ ...inSetUp, meta: { initialSetup: true } }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish set-up' }));
    await waitFor(() => expect(finishSetup).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(app.current()).toBe('/affiliate/dashboard'));
  });

  it('a new affiliate starts at the payout account, with the bank account waiting for it', async () => {
    const flow = payoutSetupMachine.provide({ actors: { loadProgress: fromPromise(async () => affiliateProgress({})) } });
    const inSetUp: Account = account(AFFILIATE_ID, 'affiliate', 'en', { initialSetup: false });
    renderApp('/affiliate/onboarding', { storedToken: 'token-1', user: userOf(inSetUp) }, { payoutOnboarding: { flow } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Payout account' })).toBeTruthy();
    expect(await screen.findByText('Connect your payout account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up payout account' })).toBeTruthy();
    // the bank account is added to the connected account: that step sends the affiliate to the payout account first
    fireEvent.click(screen.getByRole('button', { name: /Bank account/ }));
    expect(await screen.findByText('Connect your payout account first: the bank account is added to it.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Routing number/ })).toBeNull();
  });
});

describe('a rejected organization', () => {
  it('is told so on /organization/pending-approval instead of waiting', async () => {
    const rejected: Account = {
      ...account('6aaaaaaaaaaaaaaaaaaaaaaa' as AccountId, 'organization', 'en', { initialSetup: true, isApproved: false, approval_status: 'rejected' }),
      settings: { language_preference: 'en', stripe_id: 'acct_3' },
    };
    renderApp('/organization/pending-approval', { storedToken: 'token-1', user: userOf(rejected) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your organization was not approved' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });
});

describe('the onboarding catalogues', () => {
  it('hold the same keys in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });
});
