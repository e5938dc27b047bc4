/**
 * /vendor/profile (issue 11): under the shared profile page, the vendor's own sections — its name and bio (saved
 * through vendors/{id}/update), its organization (read-only), its working hours and its payout account with links.
 * The core rule refuses a blank name before anything is sent; a refused save keeps what was typed; Spanish; keyboard.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../src/core/ports/errors';
import type { AccountId } from '../../../src/core/model/ids';
import type { PayoutOnboarding } from '../../../src/core/model/payout-onboarding';
import type { UserInfo } from '../../../src/core/model/user';
import type { Vendor } from '../../../src/core/model/vendor';
import type { VendorProfileDraft } from '../../../src/core/rules/vendor-profile';
import { vendorOwnProfileMachine, type VendorProfileData } from '../../../src/machines/features/vendor-profile.machine';
import type { ProfileMachines } from '../../../src/ui/shared/Profile';
import { account, multiUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const vendorAccount = account('b0000000000000000000000b' as AccountId, 'vendor', 'en');
const vendorUser: UserInfo = { ...multiUser, email: 'vendor@tendwell.test', role: 'vendor', accounts: [{ id: vendorAccount._id, type: 'vendor' }], account: vendorAccount };
const spanishVendor: UserInfo = { ...vendorUser, account: { ...vendorAccount, settings: { language_preference: 'es' } } };

const vendor: Vendor = {
  _id: vendorAccount._id,
  first_name: 'Vic',
  last_name: 'Vendor',
  primary_email: 'vendor@tendwell.test',
  is_part_of_org: true,
  organization_id: 'b1000000000000000000000b' as AccountId,
  company_name: 'Greenway Lawn Co.',
  bio: 'Lawns since 2015.',
  availability: [{ day_of_week: 'monday', start: '0800', end: '1700' }],
};
const onboarding = { status: 'connected', kind: 'vendor', stripe_id: 'acct_1', initial_setup: false, agreement_version: '1', survey_status: 'draft', remaining: ['agreement'], can_finish: false } as unknown as PayoutOnboarding;

function fakeProfile(options: { load?: () => Promise<VendorProfileData>; save?: (draft: VendorProfileDraft) => Promise<Vendor> } = {}) {
  const load = vi.fn(options.load ?? (async () => ({ vendor, onboarding })));
  const save = vi.fn(options.save ?? (async (draft: VendorProfileDraft) => ({ ...vendor, ...draft })));
  const machines: ProfileMachines = {
    vendorProfile: vendorOwnProfileMachine.provide({
      actors: {
        load: fromPromise(() => load()),
        save: fromPromise(({ input }) => save(input.draft)),
      },
    }),
  };
  return { machines, load, save };
}

const details = async () => screen.findByRole('region', { name: 'Vendor details' });

describe('/vendor/profile: the vendor section', () => {
  it('shows the name, bio, organization, hours and payout account under the shared profile page', async () => {
    const { machines } = fakeProfile();
    renderApp('/vendor/profile', { storedToken: 'token-1', user: vendorUser }, { profile: machines });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const form = await details();
    expect(((await within(form).findByRole('textbox', { name: /^First name/ })) as HTMLInputElement).value).toBe('Vic');
    expect((within(form).getByRole('textbox', { name: /^Last name/ }) as HTMLInputElement).value).toBe('Vendor');
    expect((within(form).getByRole('textbox', { name: 'About you and your work' }) as HTMLTextAreaElement).value).toBe('Lawns since 2015.');
    const work = await screen.findByRole('region', { name: 'Your work' });
    expect(within(work).getByText('Greenway Lawn Co.')).toBeTruthy();
    expect(within(work).getByText('Connected — finish the setup')).toBeTruthy();
    expect(within(work).getByRole('link', { name: 'Set up payouts' }).getAttribute('href')).toBe('/vendor/onboarding');
    expect(within(work).getByRole('link', { name: 'Working hours and time off' }).getAttribute('href')).toBe('/vendor/availability');
    // the shared page is still there: password and phone
    expect(screen.getByRole('region', { name: 'Phone' })).toBeTruthy();
  });

  it('saves the typed name and bio by keyboard, and says so', async () => {
    const user = userEvent.setup();
    const { machines, save } = fakeProfile();
    renderApp('/vendor/profile', { storedToken: 'token-1', user: vendorUser }, { profile: machines });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const form = await details();
    const bio = await within(form).findByRole('textbox', { name: 'About you and your work' });
    await user.clear(bio);
    await user.type(bio, 'Hedges and edging.');
    expect(within(form).getByText('18 of 2000 characters.')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Save details' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledWith({ first_name: 'Vic', last_name: 'Vendor', bio: 'Hedges and edging.' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Your details are saved.');
  });

  it('a blank first name is refused by the rule with the field message, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { machines, save } = fakeProfile();
    renderApp('/vendor/profile', { storedToken: 'token-1', user: vendorUser }, { profile: machines });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const form = await details();
    const first = await within(form).findByRole('textbox', { name: /^First name/ });
    await user.clear(first);
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByText('Text Field is required')).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('a refused save shows the server message and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { machines } = fakeProfile({
      save: async () => {
        throw new ApiError({ message: 'Vendor not found or not part of this organization', code: 'vendor_not_in_organization', status: 404 });
      },
    });
    renderApp('/vendor/profile', { storedToken: 'token-1', user: vendorUser }, { profile: machines });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const form = await details();
    const bio = await within(form).findByRole('textbox', { name: 'About you and your work' });
    await user.clear(bio);
    await user.type(bio, 'My new words.');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/Vendor not found or not part of this organization/);
    expect((bio as HTMLTextAreaElement).value).toBe('My new words.');
  });

  it('a failed load says so and reads again on Try again; an independent vendor without hours or payout facts', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { machines } = fakeProfile({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError({ message: 'Internal error', code: 'internal', status: 500 });
        return { vendor: { ...vendor, is_part_of_org: false, organization_id: null, company_name: null, availability: [] }, onboarding: null };
      },
    });
    renderApp('/vendor/profile', { storedToken: 'token-1', user: vendorUser }, { profile: machines });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    expect((await screen.findByText(/Your vendor details could not be loaded/)).textContent).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const work = await screen.findByRole('region', { name: 'Your work' });
    expect(within(work).getByText('Independent (no organization)')).toBeTruthy();
    expect(within(work).getByText('Not set yet')).toBeTruthy();
    expect(within(work).getByText('Not available right now')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    const { machines } = fakeProfile();
    renderApp('/vendor/profile', { storedToken: 'token-1', user: spanishVendor }, { profile: machines });
    await screen.findByRole('heading', { level: 1, name: 'Perfil' });
    const form = await screen.findByRole('region', { name: 'Datos del proveedor' });
    expect(await within(form).findByRole('button', { name: 'Guardar datos' })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Sobre usted y su trabajo' })).toBeTruthy();
    const work = await screen.findByRole('region', { name: 'Su trabajo' });
    expect(within(work).getByText('Conectada — termine la configuración')).toBeTruthy();
  });
});
