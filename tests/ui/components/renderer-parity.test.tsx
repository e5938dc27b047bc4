import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput } from '../../../src/ui/components/CodeInput/CodeInput';
import { ControlledInput } from '../../../src/ui/components/renderer-parity';
import { TextField } from '../../../src/ui/components/TextField/TextField';
import { renderUi } from '../render';

/** A digits-only amount, as the invoice's quantity field keeps it. */
function Quantity() {
  const [value, setValue] = useState('12');
  return <TextField label="Quantity" value={value} onChange={(next) => setValue(next.replace(/\D/g, ''))} />;
}

/** A day picker that keeps the day only inside its window, as the order and reschedule pickers do. */
function Day() {
  const [day, setDay] = useState('2026-12-10');
  return (
    <label>
      Day
      <ControlledInput type="date" value={day} onChange={(event) => event.target.value >= '2026-12-01' && setDay(event.target.value)} />
    </label>
  );
}

/** A screen that shows its field later, as the lost-password form does after a click. */
function Later() {
  const [shown, setShown] = useState(false);
  return shown ? (
    <TextField label="Email" value="" onChange={() => undefined} autoFocus />
  ) : (
    <button type="button" onClick={() => setShown(true)}>
      Show
    </button>
  );
}

// The UI tests render with Preact, the shipped renderer (vitest.config.ts): these hold what React did by itself.
describe('form fields behave as they did on React', () => {
  it('a character the owner refuses does not stay in the field, and typing in the middle keeps the rest', async () => {
    const user = userEvent.setup();
    renderUi(<Quantity />);
    const field = screen.getByLabelText('Quantity') as HTMLInputElement;
    await user.type(field, 'x');
    expect(field.value).toBe('12');
    await user.type(field, '3');
    expect(field.value).toBe('123');
    field.setSelectionRange(1, 1);
    await user.keyboard('9');
    expect(field.value).toBe('1923');
  });

  it('a verification code field drops a letter', async () => {
    const user = userEvent.setup();
    renderUi(<CodeInput onComplete={() => undefined} />);
    const field = screen.getByLabelText('Verification code') as HTMLInputElement;
    await user.type(field, '1a');
    expect(field.value).toBe('1');
    await user.type(field, '2');
    expect(field.value).toBe('12');
  });

  it('a day outside the window is put back to the day kept', () => {
    renderUi(<Day />);
    const field = screen.getByLabelText('Day') as HTMLInputElement;
    fireEvent.input(field, { target: { value: '2026-11-20' } });
    expect(field.value).toBe('2026-12-10');
    fireEvent.input(field, { target: { value: '2026-12-24' } });
    expect(field.value).toBe('2026-12-24');
  });

  it('a field rendered with autoFocus after the page loaded takes the focus', async () => {
    const user = userEvent.setup();
    renderUi(<Later />);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});
