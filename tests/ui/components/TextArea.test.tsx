import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextArea } from '../../../src/ui/components/TextArea/TextArea';
import { renderUi } from '../render';

describe('TextArea', () => {
  it('is named by its label, marks required, and links its hint and error with aria-describedby', async () => {
    const user = userEvent.setup();
    function Field() {
      const [value, setValue] = useState('');
      return <TextArea label="Note" required hint="Say why." maxLength={20} value={value} onChange={setValue} error={value === 'x' ? 'Too short' : undefined} />;
    }
    renderUi(<Field />);
    const field = screen.getByRole('textbox', { name: /^Note/ }) as HTMLTextAreaElement;
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.required).toBe(true);
    expect(field.maxLength).toBe(20);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText('Say why.').id);

    await user.type(field, 'x');
    expect(field.value).toBe('x');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(`${screen.getByText('Say why.').id} ${screen.getByText('Too short').id}`);
    // Not announced unless the caller asks for it.
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(field, 'y');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Too short')).toBeNull();
  });

  it('announces an error as an alert when asked, and keeps a caller id', () => {
    renderUi(<TextArea id="my-note" label="Note" value="" onChange={() => undefined} error="A note is needed." errorRole="alert" />);
    const field = screen.getByRole('textbox', { name: 'Note' });
    expect(field.id).toBe('my-note');
    expect(screen.getByRole('alert').textContent).toBe('A note is needed.');
    expect(field.getAttribute('aria-describedby')).toBe('my-note-error');
  });

  it('counts characters as the user types, in English and Spanish, of the value or of a given count', async () => {
    const user = userEvent.setup();
    function Field({ trimmed }: { trimmed: boolean }) {
      const [value, setValue] = useState('');
      return <TextArea label="Bio" value={value} onChange={setValue} characterCount={{ max: 500, count: trimmed ? value.trim().length : undefined }} />;
    }
    const { unmount } = renderUi(<Field trimmed={false} />);
    const field = screen.getByRole('textbox', { name: 'Bio' });
    expect(screen.getByText('0 of 500 characters.')).toBeTruthy();
    await user.type(field, ' ab ');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText('4 of 500 characters.').id);
    unmount();

    renderUi(<Field trimmed />, { locale: 'es' });
    await user.type(screen.getByRole('textbox', { name: 'Bio' }), ' ab ');
    expect(screen.getByText('2 de 500 caracteres.')).toBeTruthy();
  });

  it('passes disabled, rows and placeholder through', () => {
    renderUi(<TextArea label="Comment" value="" onChange={() => undefined} disabled rows={5} placeholder="Write here" />);
    const field = screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
    expect(field.disabled).toBe(true);
    expect(field.rows).toBe(5);
    expect(field.placeholder).toBe('Write here');
  });
});
