import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountId } from '../../../src/core/model/ids';
import type { UserInfo } from '../../../src/core/model/user';
import { account, customerAccount, multiUser } from '../../machines/models/session.fixtures';
import { defaultFakes } from '../auth/flows';
import { renderApp } from '../session/harness';

const customer: UserInfo = {
  ...multiUser,
  last_name: 'Rivera',
  phone: '+15555550101',
  phoneConfirmed: true,
  accounts: [{ id: customerAccount._id, type: 'customer' }],
  account: { ...customerAccount, settings: { language_preference: 'en' } },
};
const vendorAccount = account('b0000000000000000000000b' as AccountId, 'vendor', 'en');
const vendor: UserInfo = { ...multiUser, email: 'vendor@tendwell.test', role: 'vendor', accounts: [{ id: vendorAccount._id, type: 'vendor' }], account: vendorAccount };
const spanishOrganization: UserInfo = (() => {
  const org = account('d0000000000000000000000d' as AccountId, 'organization', 'es', { initialSetup: true, isApproved: true });
  return {
    ...multiUser,
    email: 'organization@tendwell.test',
    role: 'organization',
    accounts: [{ id: org._id, type: 'organization' }],
    account: { ...org, settings: { ...org.settings, stripe_id: 'acct_1' } },
  };
})();

const fact = (list: HTMLElement, term: string) => {
  const dt = within(list).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

describe('the profile screens', () => {
  it("a customer's /profile ('My settings') shows the account's facts, the password panel and the phone panel", async () => {
    const flowFakes = defaultFakes();
    flowFakes.phone.loadTarget.mockImplementation(async (input: { phone?: string; email?: string }) => ({ phone: input.phone, email: input.email }));
    renderApp('/profile', { storedToken: 'token-1', user: customer }, { flowFakes });
    expect(await screen.findByRole('heading', { level: 1, name: 'My settings' })).toBeTruthy();
    const facts = await screen.findByRole('region', { name: 'Account details' });
    expect(fact(facts, 'Name')).toBe('Alex Rivera');
    expect(fact(facts, 'Email')).toBe('multi@tendwell.test');
    expect(fact(facts, 'Phone')).toBe('555-555-0101Confirmed');
    expect(fact(facts, 'Account type')).toBe('Customer');

    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeTruthy();
    const phone = screen.getByRole('region', { name: 'Phone' });
    // No code was sent yet, and the panel does not say one was; the phone to send it to is the account's
    // (the panel shows 'Loading…' until its chart has the target).
    expect(await within(phone).findByText('We text a 4-digit code to confirm this phone number.')).toBeTruthy();
    expect((within(phone).getByRole('textbox', { name: /^Mobile phone/ }) as HTMLInputElement).value).toBe('555-555-0101'); // masked like the facts card
    // The page does not throw focus into the code field: the route's focus stays where the shell put it.
    expect(document.activeElement?.getAttribute('autocomplete')).not.toBe('one-time-code');
  });

  it('changes the password from the profile with users/password/update', async () => {
    const user = userEvent.setup();
    const app = renderApp('/profile', { storedToken: 'token-1', user: customer });
    await screen.findByRole('heading', { level: 1, name: 'My settings' });
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'tendwell-demo');
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'garden-path-2');
    await user.type(await screen.findByLabelText(/^Confirm password/, { selector: 'input' }), 'garden-path-2');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated!')).toBeTruthy();
    expect(app.flowFakes.password.changePassword).toHaveBeenCalledWith({ password: 'garden-path-2', oldPassword: 'tendwell-demo' });
  });

  it('a vendor without a phone types one, is sent a code, and a confirmed phone reloads the user', async () => {
    const user = userEvent.setup();
    const flowFakes = defaultFakes();
    // As the real profile actor: the signed-in account is the target (its phone, or its e-mail while it has none).
    flowFakes.phone.loadTarget.mockImplementation(async (input: { phone?: string; email?: string }) => ({ phone: input.phone, email: input.email }));
    const app = renderApp('/vendor/profile', { storedToken: 'token-1', user: vendor }, { flowFakes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(await screen.findByText('No phone yet — add one below')).toBeTruthy();
    const phone = screen.getByRole('region', { name: 'Phone' });
    await user.type(await within(phone).findByRole('textbox', { name: /^Mobile phone/ }), '5555550177');
    await user.click(within(phone).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(flowFakes.phone.sendCode).toHaveBeenCalledWith({ phone: '+15555550177' }));
    expect(flowFakes.phone.loadTarget).toHaveBeenCalledWith({ purpose: 'profile', phone: undefined, email: 'vendor@tendwell.test' });

    app.setUser({ ...vendor, phone: '+15555550177', phoneConfirmed: true });
    flowFakes.phone.confirmCode.mockResolvedValueOnce({ message: 'Phone confirmed.' });
    await user.type(within(phone).getByLabelText(/code/i, { selector: 'input' }), '4321');
    await waitFor(() => expect(flowFakes.phone.confirmCode).toHaveBeenCalledWith({ verification_code: '4321', email: 'vendor@tendwell.test', phone: '+15555550177' }));
    // The session loads the user again: the facts show the new, confirmed phone.
    expect(await screen.findByText('555-555-0177')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
  });

  it('speaks Spanish for a Spanish account (/organization/profile)', async () => {
    renderApp('/organization/profile', { storedToken: 'token-1', user: spanishOrganization });
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Datos de la cuenta' })).toBeTruthy();
    expect(screen.getByText('Organización')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Cambiar contraseña' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Teléfono' })).toBeTruthy();
  });

  it('only the account type the route is for may open it', async () => {
    const app = renderApp('/vendor/profile', { storedToken: 'token-1', user: customer });
    await waitFor(() => expect(app.current()).toBe('/not-authorized'));
  });
});
