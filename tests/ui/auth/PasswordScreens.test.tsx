import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESET_MESSAGE_MS } from '../../../src/core/rules/constants';
import { ChangePasswordPanel } from '../../../src/ui/shared/ChangePasswordPanel';
import { LostPasswordScreen } from '../../../src/ui/screens/auth/LostPasswordScreen';
import { ResetPasswordScreen } from '../../../src/ui/screens/auth/ResetPasswordScreen';
import { TemporaryPasswordScreen } from '../../../src/ui/screens/auth/TemporaryPasswordScreen';
import { apiError, defaultFakes, renderWithFlows } from './flows';

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('LostPasswordScreen', () => {
  it("sends the link and says 'Check your email…' for 4 s", async () => {
    const user = setup();
    const { fakes } = renderWithFlows(<LostPasswordScreen username="pat@example.com" />);
    const email = field(/^Email/);
    expect(email.value).toBe('pat@example.com');
    expect(email.autocomplete).toBe('username');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Check your email for a link to reset your password')).toBeTruthy();
    expect(fakes.password.lostPassword).toHaveBeenCalledWith({ username: 'pat@example.com' });
    await elapse(RESET_MESSAGE_MS - 100);
    expect(screen.queryByText('Check your email for a link to reset your password')).not.toBeNull();
    await elapse(200);
    expect(screen.queryByText('Check your email for a link to reset your password')).toBeNull();
  });

  it('needs an e-mail address', async () => {
    const user = setup();
    const { fakes } = renderWithFlows(<LostPasswordScreen />);
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(fakes.password.lostPassword).not.toHaveBeenCalled();
  });
});

describe('ResetPasswordScreen (the e-mailed link)', () => {
  it('checks the link, sets the new password and returns to /login after the confirmation', async () => {
    const user = setup();
    const { fakes, location } = renderWithFlows(<ResetPasswordScreen token="reset-1" />, { path: '/login?password_reset=reset-1' });
    expect(await screen.findByText('For pat@example.com')).toBeTruthy();
    expect(fakes.password.loadToken).toHaveBeenCalledWith({ mode: 'action', token: 'reset-1' });
    expect(fakes.password.validateToken).toHaveBeenCalledWith({ tokenType: 'reset', token: 'reset-1' });
    await user.type(field(/^New password/), 'garden-path');
    await user.type(await screen.findByLabelText(/^Confirm password/, { selector: 'input' }), 'garden-path');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('New password successfully set')).toBeTruthy();
    expect(fakes.password.resetPasswordAction).toHaveBeenCalledWith({ password: 'garden-path', resetToken: 'reset-1' });
    expect(fakes.password.forgetToken).toHaveBeenCalledWith({ mode: 'action' });
    await elapse(RESET_MESSAGE_MS);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
  });

  it('refuses a mismatch without calling the server, and keeps the draft when the server refuses', async () => {
    const user = setup();
    const fakes = defaultFakes();
    fakes.password.resetPasswordAction.mockRejectedValueOnce(apiError('Invalid Password: use 6 to 128 characters.', 'invalid_password'));
    renderWithFlows(<ResetPasswordScreen token="reset-1" />, { fakes });
    await screen.findByText('For pat@example.com');
    await user.type(field(/^New password/), 'garden-path');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(fakes.password.resetPasswordAction).not.toHaveBeenCalled();
    await user.type(field(/^Confirm password/), 'garden-path');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Password');
    expect(field(/^New password/).value).toBe('garden-path');
  });

  it('explains an expired link and offers a new one', async () => {
    const user = setup();
    const fakes = defaultFakes();
    fakes.password.validateToken.mockRejectedValueOnce(apiError('Token expired. Please try again.', 'login_token_expired', 401));
    renderWithFlows(<ResetPasswordScreen token="old" />, { fakes });
    expect((await screen.findByRole('alert')).textContent).toBe('Token expired. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('button', { name: 'Send me a link' })).toBeTruthy();
  });
});

describe('TemporaryPasswordScreen', () => {
  it('replaces the temporary password and hands the new session to the session chart', async () => {
    const user = setup();
    const { fakes, signIn } = renderWithFlows(<TemporaryPasswordScreen token="temp-1" oldPassword="tendwell-demo" />);
    const current = await screen.findByLabelText(/^Temporary password/, { selector: 'input' });
    expect((current as HTMLInputElement).value).toBe('tendwell-demo');
    expect((current as HTMLInputElement).autocomplete).toBe('current-password');
    await user.type(field(/^New password/), 'garden-path');
    await user.type(await screen.findByLabelText(/^Confirm password/, { selector: 'input' }), 'garden-path');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('session-token', undefined));
    expect(fakes.password.resetNewPassword).toHaveBeenCalledWith({ password: 'garden-path', oldPassword: 'tendwell-demo', temporaryToken: 'temp-1' });
    expect(fakes.password.forgetToken).toHaveBeenCalledWith({ mode: 'temporary' });
  });

  it('without a temporary token, sends the person back to log in', async () => {
    const fakes = defaultFakes();
    fakes.password.loadToken.mockResolvedValueOnce({});
    renderWithFlows(<TemporaryPasswordScreen />, { fakes });
    expect((await screen.findByRole('alert')).textContent).toBe('Your sign-in has expired. Please log in again.');
  });
});

describe('ChangePasswordPanel', () => {
  it("says 'Password updated!' for 4 s and clears the form", async () => {
    const user = setup();
    const { fakes } = renderWithFlows(<ChangePasswordPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeTruthy();
    await user.type(field(/^Current password/), 'tendwell-demo');
    await user.type(field(/^New password/), 'garden-path');
    await user.type(await screen.findByLabelText(/^Confirm password/, { selector: 'input' }), 'garden-path');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated!')).toBeTruthy();
    expect(fakes.password.changePassword).toHaveBeenCalledWith({ password: 'garden-path', oldPassword: 'tendwell-demo' });
    expect(field(/^Current password/).value).toBe('');
    await elapse(RESET_MESSAGE_MS + 50);
    expect(screen.queryByText('Password updated!')).toBeNull();
  });

  it('keeps the draft when the current password is wrong', async () => {
    const user = setup();
    const fakes = defaultFakes();
    fakes.password.changePassword.mockRejectedValueOnce(apiError('Your current password is not correct', 'invalid_old_password'));
    renderWithFlows(<ChangePasswordPanel />, { fakes });
    await user.type(field(/^Current password/), 'wrong-one');
    await user.type(field(/^New password/), 'garden-path');
    await user.type(await screen.findByLabelText(/^Confirm password/, { selector: 'input' }), 'garden-path');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is not correct');
    expect(field(/^Current password/).value).toBe('wrong-one');
    expect(field(/^New password/).value).toBe('garden-path');
  });
});
