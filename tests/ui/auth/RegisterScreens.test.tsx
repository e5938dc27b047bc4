import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RegisterAffiliateScreen } from '../../../src/ui/screens/auth/RegisterAffiliateScreen';
import { RegisterCustomerQuickScreen, RegisterCustomerScreen } from '../../../src/ui/screens/auth/RegisterCustomerScreen';
import { RegisterOrganizationScreen } from '../../../src/ui/screens/auth/RegisterOrganizationScreen';
import { RegisterQuickScreen } from '../../../src/ui/screens/auth/RegisterQuickScreen';
import { apiError, defaultFakes, renderWithFlows } from './flows';

const input = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const emailInput = () => screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

async function fillCustomer(user: ReturnType<typeof userEvent.setup>, password = 'garden-path') {
  await user.type(input(/^First name/), 'Pat');
  await user.type(input(/^Last name/), 'Doe');
  await user.type(emailInput(), 'pat@example.com');
  await user.type(input(/^Password/), password);
  await user.type(await screen.findByLabelText(/^Confirm password/, { selector: 'input' }), password);
}

describe('RegisterCustomerScreen (/register)', () => {
  it('lists the password requirements, shows the confirmation once the password passes, and says when they differ', async () => {
    const user = userEvent.setup();
    renderWithFlows(<RegisterCustomerScreen />, { path: '/register' });
    await screen.findByRole('heading', { name: 'Create your Tendwell account' });
    const password = input(/^Password/);
    expect(password.autocomplete).toBe('new-password');
    expect(screen.getByText('Password requirements')).toBeTruthy();
    await user.type(password, 'abc');
    expect(screen.getByText('At least 6 characters')).toBeTruthy();
    expect(screen.queryByLabelText(/^Confirm password/)).toBeNull();
    await user.type(password, 'defg');
    expect(screen.queryByText('At least 6 characters')).toBeNull();
    const confirm = await screen.findByLabelText(/^Confirm password/, { selector: 'input' });
    await user.type(confirm, 'abcdefX');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });

  it('links each refused field to its problem and focuses the first one', async () => {
    const user = userEvent.setup();
    const { fakes } = renderWithFlows(<RegisterCustomerScreen />, { path: '/register' });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    const first = input(/^First name/);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(first)).toContain('This field is required');
    expect(describedBy(emailInput())).toContain('This field is required');
    expect(document.activeElement).toBe(first);
    expect(fakes.registration.register).not.toHaveBeenCalled();
  });

  it("shows 'Email already exists' and keeps the draft", async () => {
    const user = userEvent.setup();
    const fakes = defaultFakes();
    fakes.registration.register.mockRejectedValueOnce(apiError('Email already exists', 'email_exists', 409));
    const { signIn } = renderWithFlows(<RegisterCustomerScreen />, { path: '/register', fakes });
    await screen.findByRole('heading', { name: 'Create your Tendwell account' });
    await fillCustomer(user);
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email already exists');
    const email = emailInput();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toContain('Email already exists');
    expect(email.value).toBe('pat@example.com');
    expect(input(/^First name/).value).toBe('Pat');
    expect(input(/^Password/).value).toBe('garden-path');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('registers by e-mail with the referral of the page and signs in towards /customer/onboarding', async () => {
    const user = userEvent.setup();
    const fakes = defaultFakes();
    fakes.registration.rememberSignup.mockResolvedValueOnce({ referredBy: 'GREEN_1' });
    const { signIn } = renderWithFlows(<RegisterCustomerScreen />, { path: '/register?aff=GREEN_1&email=pat%40example.com&quote_set_home_size=large', fakes });
    await screen.findByRole('heading', { name: 'Create your Tendwell account' });
    expect(fakes.registration.rememberSignup).toHaveBeenCalledWith({ affiliateId: 'GREEN_1', quote: { home_size: 'large' }, setDefault: {} });
    expect(emailInput().value).toBe('pat@example.com');
    await user.type(input(/^First name/), 'Pat');
    await user.type(input(/^Last name/), 'Doe');
    await user.type(input(/^Password/), 'garden-path');
    await user.type(await screen.findByLabelText(/^Confirm password/, { selector: 'input' }), 'garden-path');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('session-token', '/customer/onboarding'));
    expect(fakes.registration.register).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'pat@example.com',
        first_name: 'Pat',
        password: 'garden-path',
        type: 'customer',
        version: 'default',
        referred_by: 'GREEN_1',
        account_confirmation_method: 'email',
        platform: 'web',
      }),
    );
  });

  it('confirming by SMS needs a phone, keeps the marker and goes to /register/verify/sms', async () => {
    const user = userEvent.setup();
    const fakes = defaultFakes();
    fakes.registration.register.mockResolvedValueOnce({ userData: {}, confirmation: 'sms', message: 'We texted you' });
    const { location, signIn } = renderWithFlows(<RegisterCustomerScreen />, { path: '/register', fakes });
    await screen.findByRole('heading', { name: 'Create your Tendwell account' });
    await fillCustomer(user);
    await user.click(await screen.findByRole('radio', { name: 'Text message (SMS)' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const phone = input(/^Mobile phone/);
    expect(phone.type).toBe('tel');
    expect(phone.autocomplete).toBe('tel');
    expect(describedBy(phone)).toContain('This field is required');
    await user.type(phone, '+1 (555) 123-4567');
    expect(phone.value).toBe('555-123-4567');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/register/verify/sms'));
    expect(fakes.registration.keepSmsMarker).toHaveBeenCalledWith({ email: 'pat@example.com', phone_number: '+15551234567' });
    expect(fakes.registration.register).toHaveBeenCalledWith(expect.objectContaining({ account_confirmation_method: 'sms', phone_number: '+15551234567' }));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('renders the template variants chosen by version', async () => {
    const first = renderWithFlows(<RegisterCustomerScreen />, { path: '/register?version=homeSize' });
    expect(await screen.findByRole('group', { name: 'Home size' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Large' })).toBeTruthy();
    first.unmount();

    const second = renderWithFlows(<RegisterCustomerScreen />, { path: '/register?version=23f3g4' });
    await screen.findByRole('heading', { name: 'Create your Tendwell account' });
    expect(screen.queryByLabelText(/^Last name/)).toBeNull();
    expect(screen.queryByLabelText(/^Mobile phone/)).toBeNull();
    second.unmount();

    renderWithFlows(<RegisterCustomerScreen />, { path: '/register?version=quote&quote_set_frequency=week&quote_set_promo_code=SPRING' });
    const quote = await screen.findByRole('region', { name: 'Your quote' });
    expect(within(quote).getByText('week')).toBeTruthy();
    expect(within(quote).getByText('SPRING')).toBeTruthy();
    expect(input(/^Service address/)).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    renderWithFlows(<RegisterCustomerScreen />, { path: '/register', locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Cree su cuenta de Tendwell' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Crear cuenta' })).toBeTruthy();
  });
});

describe('quick sign-up', () => {
  it('/register-quick asks no password, keeps the reset token and signs in after the welcome', async () => {
    const user = userEvent.setup();
    const { signIn, fakes } = renderWithFlows(<RegisterQuickScreen />, { path: '/register-quick' });
    await screen.findByRole('heading', { name: 'Quick sign-up' });
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.type(input(/^First name/), 'Pat');
    await user.type(emailInput(), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Welcome to Tendwell! Taking you to your account…')).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('quick-token', '/customer/onboarding'), { timeout: 1500 });
    expect(fakes.registration.keepResetToken).toHaveBeenCalledWith({ resetToken: 'reset-token' });
    expect(fakes.registration.register).not.toHaveBeenCalled();
  });

  it('/register-customer-quick uses the customer template without a password', async () => {
    renderWithFlows(<RegisterCustomerQuickScreen />, { path: '/register-customer-quick?version=homeSize' });
    await screen.findByRole('heading', { name: 'Get started in a minute' });
    expect(await screen.findByRole('group', { name: 'Home size' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Confirm my account by' })).toBeNull();
  });
});

describe('organization and affiliate sign-up', () => {
  it.each([
    [RegisterOrganizationScreen, 'Register your organization', 'organization', '/organization/onboarding'],
    [RegisterAffiliateScreen, 'Become a Tendwell affiliate', 'affiliate', '/affiliate/onboarding'],
  ] as const)('%o registers its type and goes to its onboarding route', async (Screen, title, type, path) => {
    const user = userEvent.setup();
    const { signIn, fakes } = renderWithFlows(<Screen />);
    await screen.findByRole('heading', { name: title });
    await fillCustomer(user);
    if (type === 'organization') await user.type(input(/^Service address/), '1 Main St');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('session-token', path));
    expect(fakes.registration.register).toHaveBeenCalledWith(expect.objectContaining({ type }));
    expect(fakes.registration.register.mock.calls[0]![0]).not.toHaveProperty('version');
  });

  it('the affiliate page states the $1 reward', async () => {
    renderWithFlows(<RegisterAffiliateScreen />);
    expect(await screen.findByText(/Earn \$1 every time a customer you referred/)).toBeTruthy();
  });
});
