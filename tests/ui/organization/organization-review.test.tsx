/**
 * Super reviews organizations (issue 11 "Approval"): the queue on /admin and the organization's admin page, with
 * the organization-review chart over fake actors. What super sees: the pending organizations, approve or reject
 * with a note, the notice after it, and a refusal in words; in English and Spanish.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AccountId } from '../../../src/core/model/ids';
import type { Organization } from '../../../src/core/model/organization';
import { organizationReviewMachine, type DecideInput, type ReviewRequest } from '../../../src/machines/features/organization-review.machine';
import { teamListMachine } from '../../../src/machines/features/team-list.machine';
import { vendorInviteMachine } from '../../../src/machines/features/vendor-invite.machine';
import { vendorProfileMachine } from '../../../src/machines/features/team-vendor.machine';
import { organizationDashboardMachine } from '../../../src/machines/features/organization-dashboard.machine';
import { organizationProfileMachine } from '../../../src/machines/features/organization-profile.machine';
import { serviceAreasMachine } from '../../../src/machines/features/service-areas.machine';
import { zipLookupMachine } from '../../../src/machines/features/zip-lookup.machine';
import organizationEn from '../../../src/ui/i18n/organization.en.json';
import organizationEs from '../../../src/ui/i18n/organization.es.json';
import { withOrganizationMessages } from '../../../src/ui/i18n/organization-messages';
import { OrganizationReview } from '../../../src/ui/screens/organization/OrganizationReview';
import type { OrganizationMachines } from '../../../src/ui/shared/Organization';
import { superUser } from '../../machines/models/session.fixtures';
import { renderUi } from '../render';
import { renderApp } from '../session/harness';

const FRESH = 'a1000000000000000000000a' as AccountId;
const SECOND = 'a2000000000000000000000a' as AccountId;
const org = (id: AccountId, name: string, email: string): Organization => ({
  _id: id,
  company_name: name,
  primary_email: email,
  created: '2026-11-20T10:00:00.000Z',
  vendor_count: 0,
  max_vendors: 25,
  meta: { isApproved: false, approval_status: 'pending' },
});
const fresh = org(FRESH, 'Fresh Cut Partners', 'pending-organization@tendwell.test');
const second = org(SECOND, 'Lawn Pros', 'lawnpros@tendwell.test');

function fakeReview(refuse?: unknown) {
  const load = vi.fn(async (request: ReviewRequest) => (request.kind === 'queue' ? { items: [fresh, second], total: 2 } : { items: [fresh], total: 1 }));
  const decide = vi.fn(async (input: DecideInput): Promise<Organization> => {
    if (refuse) throw refuse;
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    return { ...(input.id === FRESH ? fresh : second), meta: { isApproved: status === 'approved', approval_status: status } };
  });
  const machines: OrganizationMachines = {
    review: organizationReviewMachine.provide({
      actors: { load: fromPromise(({ input }) => load(input)), decide: fromPromise(({ input }) => decide(input)) },
    }),
    list: teamListMachine,
    invite: vendorInviteMachine,
    profile: vendorProfileMachine,
    dashboard: organizationDashboardMachine,
    areas: serviceAreasMachine,
    orgProfile: organizationProfileMachine,
    zipLookup: zipLookupMachine,
  };
  return { machines, load, decide };
}

describe('/admin: the queue of organizations waiting for approval', () => {
  it('lists them oldest first; approving one sends the decision with the note and drops it from the queue', async () => {
    const user = userEvent.setup();
    const { machines, load, decide } = fakeReview();
    renderApp('/admin', { storedToken: 'token-1', user: superUser }, { team: machines });
    const queue = await screen.findByRole('region', { name: 'Organizations waiting for approval' });
    expect(await within(queue).findByText('2 organizations wait for approval.')).toBeTruthy();
    expect(load).toHaveBeenCalledWith({ kind: 'queue', pageSize: 10 });
    const link = within(queue).getByRole('link', { name: 'Fresh Cut Partners' });
    expect(link.getAttribute('href')).toBe(`/admin/organization/${FRESH}/profile`);

    const notes = within(queue).getAllByLabelText('Note to the organization (optional)');
    await user.type(notes[0]!, 'Welcome aboard');
    await user.click(within(queue).getByRole('button', { name: 'Approve Fresh Cut Partners' }));
    await waitFor(() => expect(decide).toHaveBeenCalledWith({ id: FRESH, decision: 'approve', note: 'Welcome aboard' }));
    expect((await within(queue).findByRole('status')).textContent).toBe('Fresh Cut Partners is approved. The organization was told by notification and e-mail.');
    expect(within(queue).queryByRole('link', { name: 'Fresh Cut Partners' })).toBeNull();
    expect(within(queue).getByText('1 organization waits for approval.')).toBeTruthy();

    await user.click(within(queue).getByRole('button', { name: 'Reject Lawn Pros' }));
    await waitFor(() => expect(decide).toHaveBeenLastCalledWith({ id: SECOND, decision: 'reject' }));
    expect((await within(queue).findByText('No organization is waiting for approval.'))).toBeTruthy();
    expect(within(queue).getByRole('status').textContent).toContain('Lawn Pros was rejected.');
  });

  it('a refusal of the server is said in words, and the organization stays in the queue', async () => {
    const user = userEvent.setup();
    const { machines } = fakeReview({ _tag: 'ApiError', status: 409, message: "organizationApproval: 'organization.approve' is not allowed in 'approved'", code: 'illegal_transition' });
    renderApp('/admin', { storedToken: 'token-1', user: superUser }, { team: machines });
    const queue = await screen.findByRole('region', { name: 'Organizations waiting for approval' });
    await user.click(await within(queue).findByRole('button', { name: 'Approve Fresh Cut Partners' }));
    expect((await within(queue).findByRole('alert')).textContent).toBe(
      "This decision is not possible any more: the organization's approval has changed. Reload the page to see where it stands.",
    );
    expect(within(queue).getByRole('link', { name: 'Fresh Cut Partners' })).toBeTruthy();
  });
});

describe('/admin/organization/:organization_id/:tab', () => {
  it('shows the organization with its approval; after approving, the actions are gone (approved is final)', async () => {
    const user = userEvent.setup();
    const { machines, load } = fakeReview();
    renderApp(`/admin/organization/${FRESH}/profile`, { storedToken: 'token-1', user: superUser }, { team: machines });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh Cut Partners' })).toBeTruthy();
    expect(load).toHaveBeenCalledWith({ kind: 'one', id: FRESH });
    expect(await screen.findByText('Waiting for approval')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Reject Fresh Cut Partners' }));
    expect(await screen.findByText('Rejected')).toBeTruthy();
    // a rejected organization may still be approved, not rejected again
    expect(screen.queryByRole('button', { name: 'Reject Fresh Cut Partners' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve Fresh Cut Partners' }));
    expect(await screen.findByText('Approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });

  it('a tab that is not built says so', async () => {
    const { machines } = fakeReview();
    renderApp(`/admin/organization/${FRESH}/bank`, { storedToken: 'token-1', user: superUser }, { team: machines });
    expect(await screen.findByText('This tab is not available yet.')).toBeTruthy();
  });
});

describe('in Spanish', () => {
  it('the team catalogues have the same keys in both languages', () => {
    expect(Object.keys(organizationEs).sort()).toEqual(Object.keys(organizationEn).sort());
  });

  it('the review reads in Spanish', async () => {
    const { machines } = fakeReview();
    const chart = createActor(machines.review, { input: { request: { kind: 'queue', pageSize: 10 } } }).start();
    const Review = withOrganizationMessages(() => <OrganizationReview chart={chart} linked headingLevel={3} />);
    renderUi(<Review />, { locale: 'es' });
    expect(await screen.findByRole('button', { name: 'Aprobar Fresh Cut Partners' })).toBeTruthy();
    expect(screen.getAllByText('Esperando aprobación')).toHaveLength(2);
    expect(screen.getAllByLabelText('Nota para la organización (opcional)')).toHaveLength(2);
  });
});
