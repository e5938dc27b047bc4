/**
 * The organization's own area (issue 11 "Team and area") over its charts with fake actors: the dashboard (today's
 * visits in the organization's zone, this month's earnings, what waits, with links to where it is handled) and the
 * service-area editor on /organization/profile (the core rule first, then the save, then the server's refusal);
 * in English and Spanish.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Appointment } from '../../../src/core/model/appointment';
import type { AccountId, PhoneId, UserId } from '../../../src/core/model/ids';
import type { Organization, OrganizationInit } from '../../../src/core/model/organization';
import type { Account, UserInfo } from '../../../src/core/model/user';
import { organizationReviewMachine } from '../../../src/machines/features/organization-review.machine';
import { organizationDashboardMachine } from '../../../src/machines/features/organization-dashboard.machine';
import { organizationProfileMachine, type ProfileCommand } from '../../../src/machines/features/organization-profile.machine';
import { serviceAreasMachine, type AreaSaveInput, type AreaSet } from '../../../src/machines/features/service-areas.machine';
import { teamListMachine } from '../../../src/machines/features/team-list.machine';
import { vendorInviteMachine } from '../../../src/machines/features/vendor-invite.machine';
import { vendorProfileMachine } from '../../../src/machines/features/team-vendor.machine';
import { zipLookupMachine } from '../../../src/machines/features/zip-lookup.machine';
import type { ZipCodeEntry } from '../../../src/core/model/service';
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

const visit = {
  _id: 'c1000000000000000000000c',
  status: 'active',
  // 15:00 UTC is 9:00 AM in Chicago (November: UTC-6)
  start_time: '2026-11-23T15:00:00.000Z',
  service_data: { name: 'Lawn mowing' },
  customer_data: { _id: 'd1000000000000000000000d', first_name: 'Casey', last_name: 'Customer' },
  vendor_data: { _id: 'b1000000000000000000000b', first_name: 'Vic', last_name: 'Vendor' },
  organization_id: ORG,
  address_data: { address_formatted: '1 Main St, Austin, TX 78701', postal_code: '78701' },
} as unknown as Appointment;

const dashboard: OrganizationInit = {
  organization: { _id: ORG, company_name: 'Green Crew', primary_email: 'organization@tendwell.test', meta: {} },
  vendors: [],
  pending_time_off: [],
  today: '2026-11-23',
  time_zone: 'America/Chicago',
  today_appointments: [visit],
  month_earnings: { month: '2026-11', amount: 12550, visits: 3, currency: 'usd' },
  pending_approvals: 2,
};

const organizationRecord: Organization = {
  _id: ORG,
  company_name: 'Green Crew',
  primary_email: 'organization@tendwell.test',
  meta: {},
  phones: [{ phoneID: ORG as unknown as PhoneId, number: '+15125550142' }],
  address: [],
  contacts: [{ contact_id: 'k1', first_name: 'Dana', last_name: 'Field', title: 'Operations manager', phone: '+15125550143', email: null }],
};

const SPRINGFIELD_ZIPS: readonly ZipCodeEntry[] = [
  { zip_code: '62701', city: 'Springfield', state: 'IL', serviced: true, time_zone: 'America/Chicago' },
  { zip_code: '62702', city: 'Springfield', state: 'IL', serviced: false, time_zone: 'America/Chicago' },
];

function fakes(options: { refuseSave?: unknown; loaded?: AreaSet; refuseApply?: unknown } = {}) {
  const loadDashboard = vi.fn(async () => dashboard);
  const loadAreas = vi.fn(async (): Promise<AreaSet> => options.loaded ?? { areas: [{ label: 'Austin', postal_code: '78701', radius_miles: 15 }], zipCodes: ['80302'] });
  const save = vi.fn(async (input: AreaSaveInput): Promise<AreaSet> => {
    if (options.refuseSave) throw options.refuseSave;
    return { areas: input.areas.map((a) => ({ ...a })), zipCodes: input.zipCodes };
  });
  const apply = vi.fn(async ({ command }: { command: ProfileCommand }): Promise<Organization> => {
    if (options.refuseApply) throw options.refuseApply;
    if (command.kind === 'details') return { ...organizationRecord, company_name: command.company_name };
    if (command.kind === 'deleteContact') return { ...organizationRecord, contacts: [] };
    return organizationRecord;
  });
  const searchZips = vi.fn(async (text: string): Promise<readonly ZipCodeEntry[]> => (text.startsWith('627') || /^spr/i.test(text) ? SPRINGFIELD_ZIPS : []));
  const machines: OrganizationMachines = {
    review: organizationReviewMachine,
    list: teamListMachine,
    invite: vendorInviteMachine,
    profile: vendorProfileMachine,
    dashboard: organizationDashboardMachine.provide({ actors: { load: fromPromise(() => loadDashboard()) } }),
    areas: serviceAreasMachine.provide({ actors: { load: fromPromise(() => loadAreas()), save: fromPromise(({ input }) => save(input)) } }),
    orgProfile: organizationProfileMachine.provide({ actors: { load: fromPromise(async () => organizationRecord), apply: fromPromise(({ input }) => apply(input)) } }),
    zipLookup: zipLookupMachine.provide({ actors: { search: fromPromise(({ input }) => searchZips(input.text)) } }),
  };
  return { machines, loadDashboard, save, apply, searchZips };
}

describe('/organization', () => {
  it("shows today's visits in the organization's zone, this month's earnings and what waits, with where to handle it", async () => {
    const { machines } = fakes();
    renderApp('/organization', { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Crew' })).toBeTruthy();
    // The visit's own zone, named: the test browser's clock (UTC) reads another time.
    expect(await screen.findByRole('link', { name: '9:00 AM CST · Lawn mowing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '9:00 AM CST · Lawn mowing' }).getAttribute('href')).toBe(`/organization/appointment/${visit._id}`);
    expect(screen.getByText('Casey Customer')).toBeTruthy();
    expect(screen.getByText('$125.50')).toBeTruthy();
    expect(screen.getByText('earned in November 2026 from 3 completed visits')).toBeTruthy();
    expect(screen.getByText('approval requests wait for your decision')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review approval requests' }).getAttribute('href')).toBe('/actions/appointments');
    expect(screen.getByRole('link', { name: 'Review time-off requests' }).getAttribute('href')).toBe('/actions/appointments');
    expect(screen.getByRole('link', { name: 'Profile and service area' }).getAttribute('href')).toBe('/organization/profile');
  });

  it('speaks Spanish', async () => {
    const { machines } = fakes();
    renderApp('/organization', { storedToken: 'token-1', user: organizationUser('es') }, { team: machines });
    expect(await screen.findByRole('heading', { level: 2, name: 'Visitas de hoy (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revisar las solicitudes de tiempo libre' })).toBeTruthy();
    expect(screen.getByText('Programada')).toBeTruthy();
  });
});

describe('/organization/profile: the service area', () => {
  it('checks the rows before saving, then saves the circles and the ZIP codes', async () => {
    const user = userEvent.setup();
    const { machines, save } = fakes();
    renderApp('/organization/profile', { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    const area = await screen.findByRole('region', { name: 'Service area' });
    expect(await within(area).findByDisplayValue('78701')).toBeTruthy();
    expect(within(area).getByRole('textbox', { name: /More ZIP codes you serve/ })).toHaveProperty('value', '80302');

    await user.click(within(area).getByRole('button', { name: 'Add a circle' }));
    await user.click(within(area).getByRole('button', { name: 'Save the service area' }));
    expect(within(area).getByText('Enter a 5-digit ZIP code')).toBeTruthy();
    expect(within(area).getByText('Enter a radius above 0 and up to 200 miles')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    const second = within(area).getByRole('listitem', { name: 'Circle 2' });
    await user.type(within(second).getByRole('textbox', { name: /ZIP code at the centre/ }), '80202');
    await user.type(within(second).getByRole('textbox', { name: /Radius in miles/ }), '30');
    await user.type(within(second).getByRole('textbox', { name: /Name/ }), 'Front Range');
    await user.clear(within(area).getByRole('textbox', { name: /More ZIP codes you serve/ }));
    await user.type(within(area).getByRole('textbox', { name: /More ZIP codes you serve/ }), '62701, 62702 62701');
    await user.click(within(area).getByRole('button', { name: 'Save the service area' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        organizationId: ORG,
        areas: [
          { label: 'Austin', postal_code: '78701', radius_miles: 15 },
          { label: 'Front Range', postal_code: '80202', radius_miles: 30 },
        ],
        zipCodes: ['62701', '62702'],
      }),
    );
    expect(await within(area).findByText('Service area saved.')).toBeTruthy();
  });

  it('finds ZIP codes by number or city from 3 characters, and adds a match to the listed ones by keyboard', async () => {
    const user = userEvent.setup();
    const { machines, save, searchZips } = fakes();
    renderApp('/organization/profile', { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    const area = await screen.findByRole('region', { name: 'Service area' });
    await within(area).findByDisplayValue('78701');
    const find = within(area).getByRole('searchbox', { name: /Find a ZIP code by number or city/ });
    await user.type(find, '62');
    expect(searchZips).not.toHaveBeenCalled();
    expect(within(area).queryByRole('list', { name: 'Matching ZIP codes' })).toBeNull();
    await user.type(find, '7{Enter}');
    expect(save).not.toHaveBeenCalled(); // Enter in the finder does not save the form
    const matches = await within(area).findByRole('list', { name: 'Matching ZIP codes' });
    expect(searchZips).toHaveBeenLastCalledWith('627');
    expect(within(area).getByText('2 matches')).toBeTruthy();
    expect(within(matches).getByText('62702 · Springfield, IL (no vendor yet)')).toBeTruthy();
    within(matches).getByRole('button', { name: 'Add 62701' }).focus();
    await user.keyboard('{Enter}');
    expect(within(area).getByRole('textbox', { name: /More ZIP codes you serve/ })).toHaveProperty('value', '80302, 62701');
    expect((within(matches).getByRole('button', { name: 'Added' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(find);
    await user.type(find, 'zzz');
    expect(await within(area).findByText('No ZIP code matches “zzz”.')).toBeTruthy();
    await user.click(within(area).getByRole('button', { name: 'Save the service area' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ organizationId: ORG, areas: [{ label: 'Austin', postal_code: '78701', radius_miles: 15 }], zipCodes: ['80302', '62701'] }));
  });

  it("shows the server's refusal in Spanish, and a circle can be removed", async () => {
    const user = userEvent.setup();
    const refusal = { _tag: 'ApiError', status: 400, message: 'Invalid ZIP code 10001', code: 'invalid_zip_code' };
    const { machines, save } = fakes({ refuseSave: refusal });
    renderApp('/organization/profile', { storedToken: 'token-1', user: organizationUser('es') }, { team: machines });
    const area = await screen.findByRole('region', { name: 'Área de servicio' });
    await within(area).findByDisplayValue('78701');
    await user.click(within(area).getByRole('button', { name: 'Quitar el círculo 1' }));
    expect(within(area).getByText('Todavía no hay círculos.')).toBeTruthy();
    await user.click(within(area).getByRole('button', { name: 'Guardar el área de servicio' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ organizationId: ORG, areas: [], zipCodes: ['80302'] }));
    expect((await within(area).findByRole('alert')).textContent).toBe('Uno de los códigos postales no está en la lista de la plataforma. Revíselos o pídanos que lo agreguemos.');
  });
});

describe('/organization/profile: business details, address, contacts', () => {
  it('masks the business phone, checks the fields, and saves the details', async () => {
    const user = userEvent.setup();
    const { machines, apply } = fakes();
    renderApp('/organization/profile', { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    const details = await screen.findByRole('region', { name: 'Business details' });
    const phone = await within(details).findByRole('textbox', { name: /Business phone/ });
    expect(phone).toHaveProperty('value', '512-555-0142');
    await user.clear(phone);
    await user.type(phone, '51255501');
    expect(phone).toHaveProperty('value', '512-555-01');
    await user.click(within(details).getByRole('button', { name: 'Save the business details' }));
    expect(within(details).getByText('Invalid phone number format')).toBeTruthy();
    expect(apply).not.toHaveBeenCalled();
    await user.type(phone, '99');
    const name = within(details).getByRole('textbox', { name: /Company name/ });
    await user.clear(name);
    await user.type(name, 'Green Crew Lawns');
    await user.click(within(details).getByRole('button', { name: 'Save the business details' }));
    await waitFor(() => expect(apply).toHaveBeenCalledWith({ organizationId: ORG, command: { kind: 'details', company_name: 'Green Crew Lawns', phone: '512-555-0199' } }));
    expect(await within(details).findByText('Business details saved.')).toBeTruthy();
  });

  it('checks the address before sending it', async () => {
    const user = userEvent.setup();
    const { machines, apply } = fakes();
    renderApp('/organization/profile', { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    const address = await screen.findByRole('region', { name: 'Address' });
    await user.type(await within(address).findByRole('textbox', { name: /Street number/ }), '12');
    await user.type(within(address).getAllByRole('textbox', { name: /Street/ })[1]!, 'Elm Street');
    await user.type(within(address).getByRole('textbox', { name: /City/ }), 'Austin');
    await user.type(within(address).getByRole('textbox', { name: /State/ }), 'T');
    await user.type(within(address).getByRole('textbox', { name: /ZIP code/ }), '78701');
    await user.click(within(address).getByRole('button', { name: 'Save the address' }));
    expect(within(address).getByText('Enter the two-letter state code')).toBeTruthy();
    expect(apply).not.toHaveBeenCalled();
    await user.type(within(address).getByRole('textbox', { name: /State/ }), 'x');
    await user.click(within(address).getByRole('button', { name: 'Save the address' }));
    await waitFor(() =>
      expect(apply).toHaveBeenCalledWith({
        organizationId: ORG,
        command: { kind: 'address', address: { street_number: '12', street: 'Elm Street', unit: '', city: 'Austin', state: 'Tx', postal_code: '78701' } },
      }),
    );
  });

  it('adds, edits and deletes contacts; a refusal is shown in Spanish', async () => {
    const user = userEvent.setup();
    const { machines, apply } = fakes();
    renderApp('/organization/profile', { storedToken: 'token-1', user: organizationUser() }, { team: machines });
    const contacts = await screen.findByRole('region', { name: 'People to contact' });
    expect(await within(contacts).findByText('Dana Field')).toBeTruthy();
    expect(within(contacts).getByText('512-555-0143')).toBeTruthy();
    await user.click(within(contacts).getByRole('button', { name: 'Edit Dana Field' }));
    const form = within(contacts).getByRole('form', { name: 'Change the contact' });
    await user.clear(within(form).getByRole('textbox', { name: /Role/ }));
    await user.type(within(form).getByRole('textbox', { name: /Role/ }), 'Owner');
    await user.click(within(form).getByRole('button', { name: 'Save the contact' }));
    await waitFor(() =>
      expect(apply).toHaveBeenCalledWith({
        organizationId: ORG,
        command: { kind: 'contact', contact_id: 'k1', first_name: 'Dana', last_name: 'Field', email: '', phone: '512-555-0143', title: 'Owner' },
      }),
    );
    expect(await within(contacts).findByRole('form', { name: 'Add a contact' })).toBeTruthy();
    await user.click(within(contacts).getByRole('button', { name: 'Delete Dana Field' }));
    await waitFor(() => expect(apply).toHaveBeenLastCalledWith({ organizationId: ORG, command: { kind: 'deleteContact', contact_id: 'k1' } }));
    expect(await within(contacts).findByText('No contacts yet.')).toBeTruthy();
  });

  it('a refusal is shown in Spanish', async () => {
    const user = userEvent.setup();
    const { machines } = fakes({ refuseApply: { _tag: 'ApiError', status: 400, message: 'Missing required fields', code: 'missing_required_fields' } });
    renderApp('/organization/profile', { storedToken: 'token-1', user: organizationUser('es') }, { team: machines });
    const contacts = await screen.findByRole('region', { name: 'Personas de contacto' });
    await user.type(await within(contacts).findByRole('textbox', { name: /^Nombre/ }), 'Lee');
    await user.type(within(contacts).getByRole('textbox', { name: /Apellido/ }), 'Park');
    await user.click(within(contacts).getByRole('button', { name: 'Agregar un contacto' }));
    expect((await within(contacts).findByRole('alert')).textContent).toBe('Faltan campos obligatorios');
  });
});
