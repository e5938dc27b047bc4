import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhoneVerifyPanel } from '../../../src/ui/shared/PhoneVerifyPanel';
import { VerifySmsScreen } from '../../../src/ui/screens/auth/VerifySmsScreen';
import { apiError, defaultFakes, renderWithFlows } from './flows';

const codeField = () => screen.getByLabelText('Verification code') as HTMLInputElement;
const phoneField = () => screen.getByLabelText(/^Mobile phone/, { selector: 'input' }) as HTMLInputElement;

describe('VerifySmsScreen (/register/verify/sms)', () => {
  it('submits the code by itself at the fourth digit and signs in', async () => {
    const user = userEvent.setup();
    const { fakes, signIn } = renderWithFlows(<VerifySmsScreen />, { path: '/register/verify/sms' });
    expect(await screen.findByText('Enter the 4-digit code we texted to •••• 0100.')).toBeTruthy();
    const code = codeField();
    expect(code.autocomplete).toBe('one-time-code');
    await user.type(code, '123');
    expect(fakes.phone.confirmCode).not.toHaveBeenCalled();
    await user.type(code, '4');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('session-token', '/'));
    expect(fakes.phone.confirmCode).toHaveBeenCalledTimes(1);
    expect(fakes.phone.confirmCode).toHaveBeenCalledWith({ verification_code: '1234', email: 'sms@tendwell.test', phone: '+15555550100' });
    expect(fakes.phone.forgetTarget).toHaveBeenCalledWith({ purpose: 'registration' });
  });

  it("shows the server's reason when the code is refused, and clears the field", async () => {
    const user = userEvent.setup();
    const fakes = defaultFakes();
    fakes.phone.confirmCode.mockRejectedValueOnce(apiError('Code verification failed: the code is wrong or has expired.', 'code_verification_failed'));
    const { signIn } = renderWithFlows(<VerifySmsScreen />, { fakes });
    await screen.findByText(/we texted to/);
    await user.type(codeField(), '9999');
    expect((await screen.findByRole('alert')).textContent).toBe('Code verification failed: the code is wrong or has expired.');
    expect(codeField().value).toBe('');
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('sends a new code only to a phone of 12 characters', async () => {
    const user = userEvent.setup();
    const { fakes } = renderWithFlows(<VerifySmsScreen />);
    await screen.findByText(/we texted to/);
    const phone = phoneField();
    expect(phone.type).toBe('tel');
    expect(phone.autocomplete).toBe("tel");
    expect(phone.value).toBe('555-555-0100'); // the stored +15555550100, masked as typed
    await user.clear(phone);
    await user.type(phone, '55512');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid phone number format');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(fakes.phone.sendCode).not.toHaveBeenCalled();
    await user.type(phone, '50199');
    expect(phone.value).toBe('555-125-0199');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('If this number is waiting for confirmation, a new code is on its way.')).toBeTruthy();
    expect(fakes.phone.sendCode).toHaveBeenCalledWith({ phone: '+15551250199' });
  });

  it('without the registration marker goes to /login', async () => {
    const fakes = defaultFakes();
    fakes.phone.loadTarget.mockResolvedValueOnce(null);
    const { location } = renderWithFlows(<VerifySmsScreen />, { path: '/register/verify/sms', fakes });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
  });
});

describe('PhoneVerifyPanel on a profile page', () => {
  it('sends the code to the phone and says when it is confirmed', async () => {
    const user = userEvent.setup();
    const fakes = defaultFakes();
    fakes.phone.loadTarget.mockImplementation(async (input: { phone?: string }) => ({ phone: input.phone }));
    fakes.phone.confirmCode.mockResolvedValueOnce({ message: 'Phone confirmed.' });
    let confirmed = 0;
    const { signIn } = renderWithFlows(<PhoneVerifyPanel purpose="profile" phone="+15555550100" onConfirmed={() => confirmed++} />, { fakes });
    // The stored number shows masked, as the profile's facts show it.
    expect(((await screen.findByRole('textbox', { name: /^Mobile phone/ })) as HTMLInputElement).value).toBe('555-555-0100');
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(fakes.phone.sendCode).toHaveBeenCalledWith({ phone: '+15555550100' }));
    expect(await screen.findByText('A 4-digit code is on its way to this number.')).toBeTruthy();
    await user.type(codeField(), '4321');
    expect(await screen.findByText('Your phone number is confirmed.')).toBeTruthy();
    expect(confirmed).toBe(1);
    expect(signIn).not.toHaveBeenCalled();
  });
});
