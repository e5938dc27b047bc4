import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown } from '../../../src/ui/components/Dropdown/Dropdown';
import type { DropdownOption } from '../../../src/ui/components/Dropdown/Dropdown';
import { renderUi } from '../render';

const options: DropdownOption[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'monthly', label: 'Monthly', disabled: true },
  { value: 'once', label: 'One time' },
];

function Harness({ initial = null, disabled = false, onChange }: { initial?: string | null; disabled?: boolean; onChange?: (v: string) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <div>
      <p>Outside</p>
      <Dropdown
        label="Frequency"
        options={options}
        value={value}
        disabled={disabled}
        onChange={(v) => {
          onChange?.(v);
          setValue(v);
        }}
      />
    </div>
  );
}

const trigger = () => screen.getByRole('combobox', { name: /frequency/i });

describe('Dropdown', () => {
  it("shows the 'Select' placeholder and opens a listbox of 400px by default", async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    expect(trigger().textContent).toContain('Select');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Frequency' });
    expect((listbox.parentElement as HTMLElement).style.getPropertyValue('--dropdown-popover-width')).toBe('400px');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Weekly', 'Every two weeks', 'Monthly', 'One time']);
  });

  it('says Seleccionar in Spanish', () => {
    renderUi(<Harness />, { locale: 'es' });
    expect(trigger().textContent).toContain('Seleccionar');
  });

  it('selects an option on click and closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: 'Every two weeks' }));
    expect(onChange).toHaveBeenCalledWith('biweekly');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger().textContent).toContain('Every two weeks');
  });

  it('closes on a click outside, without selecting', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    await user.click(trigger());
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not open when disabled', async () => {
    const user = userEvent.setup();
    renderUi(<Harness disabled />);
    expect((trigger() as HTMLButtonElement).disabled).toBe(true);
    await user.click(trigger());
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('does not let the selected item be clicked again, nor a disabled one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<Harness initial="weekly" onChange={onChange} />);
    await user.click(trigger());
    const selected = screen.getByRole('option', { name: 'Weekly' });
    expect(selected.getAttribute('aria-selected')).toBe('true');
    expect(selected.getAttribute('aria-disabled')).toBe('true');
    await user.click(selected);
    await user.click(screen.getByRole('option', { name: 'Monthly' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('works from the keyboard: arrows move (skipping disabled), Enter selects, Escape closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<Harness onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    const active = () => document.getElementById(trigger().getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('Weekly');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('One time'); // Monthly is disabled
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Every two weeks');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('biweekly');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    await user.keyboard('{Enter}');
    expect(active()).toBe('Every two weeks'); // opens on the selected item
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('Enter on the selected item closes without choosing it again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<Harness initial="once" onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
