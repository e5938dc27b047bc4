/**
 * The organization's team screens (issue 11 "Team") over the team charts with fake actors: the list with search
 * and paging, inviting a vendor (the core rule first, then the server's 'Max vendors…' refusal), and one vendor's
 * profile with removal; in English and Spanish.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AccountId, UserId } from '../../../src/core/model/ids';
import type { Account, UserInfo } from '../../../src/core/model/user';
import type { Vendor } from '../../../src/core/model/vendor';
import type { InviteInput } from '../../../src/core/rules/team';
import { organizationReviewMachine } from '../../../src/machines/features/organization-review.machine';
import { teamListMachine, type ListQuery } from '../../../src/machines/features/team-list.machine';
import { vendorInviteMachine } from '../../../src/machines/features/vendor-invite.machine';
import { vendorProfileMachine, type VendorDetail } from '../../../src/machines/features/team-vendor.machine';
import { organizationDashboardMachine } from '../../../src/machines/features/organization-dashboard.machine';
import { organizationProfileMachine } from '../../../src/machines/features/organization-profile.machine';
import { serviceAreasMachine } from '../../../src/machines/features/service-areas.machine';
import { zipLookupMachine } from '../../../src/machines/features/zip-lookup.machine';
import type { OrganizationMachines } from '../../../src/ui/shared/Organization';
import { account } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';

const ORG = '6aaaaaaaaaaaaaaaaaaaaaaa' as AccountId;
const organizationUser = (language: 'en' | 'es' = 'en'): UserInfo => {
  const active: Account = {
    ...account(ORG, 'organization', language, { initialSetup: true, isApproved: true }),
    settings: { language_preference: language, stripe_id: 'acct_3' },
  };
  return { _id: 'e0000000000000000000000e' as UserId, email: 'organization@tendwell.test', role: 'organization', first_name: 'Pat', accounts: [{ id: ORG, type: 'organization' }], account: active };
};
const vendor = (n: number, extra: Partial<Vendor> = {}): Vendor => ({
  _id: `b${String(n).padStart(22, '0')}b` as AccountId,
  first_name: `Vendor${n}`,
  last_name: 'Smith',
  primary_email: `vendor${n}@example.test`,
  is_part_of_org: true,
  organization_id: ORG,
  ...extra,
});
const everyone = Array.from({ length: 12 }, (_, i) => vendor(i + 1, i === 0 ? { invitation_pending: true } : {}));

function fakeTeam(options: { refuseInvite?: unknown; profile?: Vendor | null; detail?: Omit<VendorDetail, 'vendor'> } = {}) {
  const load = vi.fn(async (q: ListQuery) => {
    const matching = q.search ? everyone.filter((v) => `${v.first_name} ${v.last_name} ${v.primary_email}`.toLowerCase().includes(q.search!.toLowerCase())) : everyone;
    return { items: matching.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: matching.length };
  });
  const invite = vi.fn(async ({ input }: { input: InviteInput }): Promise<Vendor> => {
    if (options.refuseInvite) throw options.refuseInvite;
    return vendor(99, { first_name: input.first_name, last_name: input.last_name, primary_email: input.email, invitation_pending: true });
  });
  const remove = vi.fn(async (): Promise<void> => {});
  const machines: OrganizationMachines = {
    review: organizationReviewMachine,
    list: teamListMachine.provide({ actors: { load: fromPromise(({ input }) => load(input)) } }),
    invite: vendorInviteMachine.provide({ actors: { invite: fromPromise(({ input }) => invite(input)) } }),
    profile: vendorProfileMachine.provide({
      actors: {
        load: fromPromise(async (): Promise<VendorDetail | null> => {
          const found = options.profile === undefined ? vendor(2) : options.profile;
          return found ? { vendor: found, timeOff: [], visits: [], ...options.detail } : null;
        }),
        remove: fromPromise(() => remove()),
      },
    }),
    dashboard: organizationDashboardMachine,
    areas: serviceAreasMachine,
    orgProfile: organizationProfileMachine,
    zipLookup: zipLookupMachine,
  };
  return { machines, load, invite, remove };
}

describe('/organization/vendors', () => {
  it('pages the team and searches it', async () => {
    const user = userEvent.setup();
    const { machines, load } = fakeTeam();
    renderApp('/organization/vendors', { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your team' })).toBeTruthy();
    expect(await screen.findByText('12 vendors')).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith({ organizationId: ORG, search: undefined, page: 1, pageSize: 10 });
    expect(screen.getByRole('link', { name: 'Vendor1 Smith' }).getAttribute('href')).toBe(`/organization/vendor/${vendor(1)._id}`);
    expect(screen.getByText('Invitation sent')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invite a vendor' }).getAttribute('href')).toBe('/organization/vendor/new');

    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ organizationId: ORG, search: undefined, page: 2, pageSize: 10 }));
    expect(await screen.findByRole('link', { name: 'Vendor12 Smith' })).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: /Search by name or e-mail/ }), 'vendor12{Enter}');
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ organizationId: ORG, search: 'vendor12', page: 1, pageSize: 10 }));
    expect(await screen.findByText('1 vendor')).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: /Search by name or e-mail/ }));
    await user.type(screen.getByRole('searchbox', { name: /Search by name or e-mail/ }), 'nobody{Enter}');
    expect(await screen.findByText('No vendor matches “nobody”.')).toBeTruthy();
  });
});

describe('/organization/vendor/new', () => {
  it('checks the fields before sending, then invites and says so', async () => {
    const user = userEvent.setup();
    const { machines, invite } = fakeTeam();
    renderApp('/organization/vendor/new', { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(invite).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Nia');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Newhire');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'nia@example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), '.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invite).toHaveBeenCalledWith({ organizationId: ORG, input: { first_name: 'Nia', last_name: 'Newhire', email: 'nia@example.test' } }));
    expect((await screen.findByRole('status')).textContent).toBe("Invitation sent to nia@example.test. The vendor's account is waiting to be claimed.");
  });

  it("at the maximum, the server's refusal is shown in Spanish too", async () => {
    const user = userEvent.setup();
    const refusal = { _tag: 'ApiError', status: 409, message: 'Max vendors for your organization has been reached', code: 'max_vendors_reached' };
    const { machines } = fakeTeam({ refuseInvite: refusal });
    renderApp('/organization/vendor/new', { storedToken: 'token-1', user: organizationUser('es') }, { team: machines });
    await user.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Nia');
    await user.type(screen.getByRole('textbox', { name: /Apellido/ }), 'Newhire');
    await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'nia@example.test');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Se alcanzó el número máximo de proveedores de su organización');
  });
});

describe('/organization/vendor/:id', () => {
  it('shows the vendor and removes it after asking', async () => {
    const user = userEvent.setup();
    const { machines, remove } = fakeTeam();
    renderApp(`/organization/vendor/${vendor(2)._id}`, { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor2 Smith' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Remove from the team' }));
    expect(screen.getByText(/Remove Vendor2 Smith from your team\?/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove from the team' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect((await screen.findByRole('status')).textContent).toBe('Vendor2 Smith is no longer part of your team.');
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('a vendor of another organization: Vendor not found or not part of this organization', async () => {
    const { machines } = fakeTeam({ profile: null });
    renderApp(`/organization/vendor/${vendor(5)._id}`, { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    expect((await screen.findByRole('alert')).textContent).toBe('Vendor not found or not part of this organization');
  });
});

describe('/organization/vendor/:id: hours, time off and visits', () => {
  it('shows the working hours, the time off with its decision, and the visits to come', async () => {
    const withHours = vendor(2, { availability: [{ day_of_week: 'monday', start: '0800', end: '1700' }] });
    const { machines } = fakeTeam({
      profile: withHours,
      detail: {
        timeOff: [{ schedule_id: 't1', vendor_id: withHours._id, start_time: '2026-12-14T14:00:00.000Z', end_time: '2026-12-16T23:00:00.000Z', approval: 'pending', note: 'Family wedding' }],
        visits: [
          {
            _id: 'c1000000000000000000000c',
            status: 'active',
            start_time: '2026-12-01T15:00:00.000Z',
            service_data: { name: 'Lawn mowing' },
            customer_data: { _id: 'd1000000000000000000000d', first_name: 'Casey', last_name: 'Customer' },
          } as unknown as VendorDetail['visits'][number],
        ],
      },
    });
    renderApp(`/organization/vendor/${withHours._id}`, { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    expect(await screen.findByRole('heading', { level: 2, name: 'Working hours' })).toBeTruthy();
    expect(await screen.findByText('Monday: 8:00 AM to 5:00 PM')).toBeTruthy();
    expect(screen.getByText(/waiting for your decision/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review time-off requests' }).getAttribute('href')).toBe('/actions/appointments');
    expect(screen.getByRole('link', { name: /Lawn mowing · Casey Customer/ }).getAttribute('href')).toBe('/organization/appointment/c1000000000000000000000c');
  });
});
