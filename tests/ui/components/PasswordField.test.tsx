import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { strengthPercent } from '../../../src/core/rules/password';
import { PasswordField } from '../../../src/ui/components/PasswordField/PasswordField';
import { renderUi } from '../render';

function NewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return <PasswordField mode="new" value={password} onChange={setPassword} confirmValue={confirm} onConfirmChange={setConfirm} />;
}

const passwordInput = () => screen.getByLabelText('New password') as HTMLInputElement;
const confirmInput = () => screen.queryByLabelText('Confirm password') as HTMLInputElement | null;
const bar = () => screen.getByTestId('password-strength-bar');

describe('PasswordField (new password)', () => {
  it("lists the failing rules under 'Password requirements' until they pass", async () => {
    const user = userEvent.setup();
    renderUi(<NewPassword />);
    expect(screen.getByText('Password requirements')).toBeTruthy();
    expect(screen.getByText('At least 6 characters')).toBeTruthy();
    expect(passwordInput().autocomplete).toBe('new-password');
    expect(passwordInput().getAttribute('aria-describedby')).toContain(screen.getByText('Password requirements').parentElement!.id);
    await user.type(passwordInput(), 'abcdef');
    expect(screen.queryByText('At least 6 characters')).toBeNull();
    expect(screen.getByText('All requirements met')).toBeTruthy();
  });

  it('lists the maximum-length rule for a password over 128 characters', async () => {
    const user = userEvent.setup();
    renderUi(<NewPassword />);
    await user.click(passwordInput());
    await user.paste('x'.repeat(129));
    expect(screen.getByText('At most 128 characters')).toBeTruthy();
    expect(confirmInput()).toBeNull();
  });

  it('draws the strength bar from the core meter (a percentage out of 15)', async () => {
    const user = userEvent.setup();
    renderUi(<NewPassword />);
    expect(bar().style.width).toBe(`${strengthPercent('')}%`);
    await user.type(passwordInput(), 'Ab1!');
    expect(bar().style.width).toBe(`${strengthPercent('Ab1!')}%`);
    // 1 + 1 (A) + 0.25 (b) + 0.75 (1) + 1 (!) = 4 → 26.67 %
    expect(parseFloat(bar().style.width)).toBeCloseTo((4 / 15) * 100, 5);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter.getAttribute('aria-valuenow')).toBe('27');
    expect(meter.getAttribute('aria-valuetext')).toContain('Weak');
    await user.type(passwordInput(), 'CD#$');
    expect(meter.getAttribute('aria-valuetext')).toContain('Strong');
  });

  it('shows the confirm field once the password is longer than 4 characters with no errors', async () => {
    const user = userEvent.setup();
    renderUi(<NewPassword />);
    await user.type(passwordInput(), 'abcde');
    // 5 characters: longer than 4 but still failing the 6-character rule
    expect(confirmInput()).toBeNull();
    await user.type(passwordInput(), 'f');
    expect(confirmInput()).not.toBeNull();
    expect(confirmInput()!.autocomplete).toBe('new-password');
  });

  it("says 'Passwords do not match' until the confirmation matches", async () => {
    const user = userEvent.setup();
    renderUi(<NewPassword />);
    await user.type(passwordInput(), 'secret1');
    await user.type(confirmInput()!, 'secret2');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(confirmInput()!.getAttribute('aria-invalid')).toBe('true');
    expect(confirmInput()!.getAttribute('aria-describedby')).toBe(screen.getByText('Passwords do not match').id);
    await user.clear(confirmInput()!);
    await user.type(confirmInput()!, 'secret1');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('speaks Spanish', () => {
    renderUi(<NewPassword />, { locale: 'es' });
    expect(screen.getByText('Requisitos de la contraseña')).toBeTruthy();
    expect(screen.getByText('Al menos 6 caracteres')).toBeTruthy();
  });
});

describe('PasswordField (current password)', () => {
  it('is a plain password field with a show/hide toggle', async () => {
    const user = userEvent.setup();
    function Current() {
      const [value, setValue] = useState('');
      return <PasswordField mode="current" value={value} onChange={setValue} />;
    }
    renderUi(<Current />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.autocomplete).toBe('current-password');
    expect(screen.queryByText('Password requirements')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});
