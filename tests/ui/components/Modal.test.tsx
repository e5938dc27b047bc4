import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../../../src/ui/components/Button/Button';
import { Modal } from '../../../src/ui/components/Modal/Modal';
import { WhatIsTendwell } from '../../../src/ui/app/shell/WhatIsTendwell';
import { renderUi } from '../render';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open credit</Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Apply credit" footer={<Button onClick={() => setOpen(false)}>Apply</Button>}>
        <label>
          Amount <input name="amount" />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('focuses inside, traps Tab, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open credit' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Apply credit' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const amount = screen.getByLabelText('Amount');
    expect(document.activeElement).toBe(amount);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Apply' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Apply' }));
    // From the close button (first in DOM order) Shift+Tab wraps to the last.
    screen.getByRole('button', { name: 'Close' }).focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Apply' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from the close button', async () => {
    const user = userEvent.setup();
    renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open credit' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("'What is Tendwell?'", () => {
  it('opens a modal explaining the product, in English and Spanish', async () => {
    const user = userEvent.setup();
    const { unmount } = renderUi(<WhatIsTendwell />);
    await user.click(screen.getByRole('button', { name: 'What is Tendwell?' }));
    const dialog = screen.getByRole('dialog', { name: 'What is Tendwell?' });
    expect(dialog.textContent).toContain('marketplace for recurring home services');
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    renderUi(<WhatIsTendwell />, { locale: 'es' });
    await user.click(screen.getByRole('button', { name: '¿Qué es Tendwell?' }));
    expect(screen.getByRole('dialog', { name: '¿Qué es Tendwell?' })).toBeTruthy();
  });
});
