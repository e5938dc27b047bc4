import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountId, UserId } from '../../../src/core/model/ids';
import type { Account, UserInfo } from '../../../src/core/model/user';
import { fromPromise } from 'xstate';
import { organizationDashboardMachine } from '../../../src/machines/features/organization-dashboard.machine';
import { organizationProfileMachine } from '../../../src/machines/features/organization-profile.machine';
import { serviceAreasMachine } from '../../../src/machines/features/service-areas.machine';
import { zipLookupMachine } from '../../../src/machines/features/zip-lookup.machine';
import { organizationReviewMachine } from '../../../src/machines/features/organization-review.machine';
import { teamListMachine } from '../../../src/machines/features/team-list.machine';
import { vendorInviteMachine } from '../../../src/machines/features/vendor-invite.machine';
import { vendorProfileMachine } from '../../../src/machines/features/team-vendor.machine';
import { dashboardData } from '../../machines/models/organization.fixtures';
import { account } from '../../machines/models/session.fixtures';
import { renderApp } from './harness';

/** The organization's dashboard (/organization) answers with its fixture. */
const team = {
  review: organizationReviewMachine,
  list: teamListMachine,
  invite: vendorInviteMachine,
  profile: vendorProfileMachine,
  dashboard: organizationDashboardMachine.provide({ actors: { load: fromPromise(async () => dashboardData) } }),
  areas: serviceAreasMachine,
  orgProfile: organizationProfileMachine,
  zipLookup: zipLookupMachine,
};

const organizationUser = (approved: boolean): UserInfo => {
  const active: Account = {
    ...account('6aaaaaaaaaaaaaaaaaaaaaaa' as AccountId, 'organization', 'en', { initialSetup: true, isApproved: approved }),
    settings: { language_preference: 'en', stripe_id: 'acct_3' },
  };
  return {
    _id: 'e0000000000000000000000e' as UserId,
    email: 'organization@tendwell.test',
    role: 'organization',
    first_name: 'Pat',
    accounts: [{ id: active._id, type: 'organization' }],
    account: active,
  };
};

describe('the pending approval page', () => {
  it('"Check again" loads the user again: still waiting stays, approved moves on to /organization', async () => {
    const app = renderApp('/organization/pending-approval', { storedToken: 'token-1', user: organizationUser(false) }, { team });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your organization is waiting for approval' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check again' })).toHaveProperty('disabled', false));
    expect(app.current()).toBe('/organization/pending-approval');

    app.setUser(organizationUser(true));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(app.current()).toBe('/organization'));
    expect(await screen.findByRole('heading', { level: 1, name: dashboardData.organization.company_name })).toBeTruthy();
  });
});
