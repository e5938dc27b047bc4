import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput } from '../../../src/ui/components/CodeInput/CodeInput';
import { renderUi } from '../render';

describe('CodeInput', () => {
  it('submits itself when the fourth digit arrives, once', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    renderUi(<CodeInput onComplete={onComplete} />);
    const input = screen.getByLabelText('Verification code') as HTMLInputElement;
    expect(input.autocomplete).toBe('one-time-code');
    expect(input.inputMode).toBe('numeric');
    await user.type(input, '123');
    expect(onComplete).not.toHaveBeenCalled();
    await user.type(input, '4');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('1234');
    await user.type(input, '5'); // a fifth character is refused
    expect(input.value).toBe('1234');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('keeps digits only from a paste and submits a pasted code', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    renderUi(<CodeInput onComplete={onComplete} />);
    const input = screen.getByLabelText('Verification code') as HTMLInputElement;
    await user.click(input);
    await user.paste('9 8-7 6');
    expect(input.value).toBe('9876');
    expect(onComplete).toHaveBeenCalledWith('9876');
  });

  it('submits again after the code is corrected', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    renderUi(<CodeInput onComplete={onComplete} error="Code verification failed" />);
    const input = screen.getByLabelText('Verification code') as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('Code verification failed').id);
    await user.type(input, '1111');
    await user.type(input, '{Backspace}2');
    expect(onComplete.mock.calls).toEqual([['1111'], ['1112']]);
  });
});
