import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountId, UserId } from '../../../src/core/model/ids';
import type { Account, UserInfo } from '../../../src/core/model/user';
import { account } from '../../machines/models/session.fixtures';
import { renderApp } from './harness';

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
    const app = renderApp('/organization/pending-approval', { storedToken: 'token-1', user: organizationUser(false) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your organization is waiting for approval' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check again' })).toHaveProperty('disabled', false));
    expect(app.current()).toBe('/organization/pending-approval');

    app.setUser(organizationUser(true));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(app.current()).toBe('/organization'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat' })).toBeTruthy();
  });
});
