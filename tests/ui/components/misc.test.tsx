import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS } from '../../../src/core/rules/constants';
import { ComingSoon, ErrorNetwork, NotAuthorized, NotFound } from '../../../src/ui/app/shell/screens';
import { Button } from '../../../src/ui/components/Button/Button';
import { ContactCard } from '../../../src/ui/components/ContactCard/ContactCard';
import { CopyValue } from '../../../src/ui/components/CopyValue/CopyValue';
import { EmptyState } from '../../../src/ui/components/EmptyState/EmptyState';
import { SelectableBlock } from '../../../src/ui/components/SelectableBlock/SelectableBlock';
import { Table } from '../../../src/ui/components/Table/Table';
import { TextField } from '../../../src/ui/components/TextField/TextField';
import { renderUi } from '../render';

describe('Button', () => {
  it('ignores clicks and says it is busy while loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = renderUi(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    rerender(
      <Button onClick={onClick} variant="text" download>
        Save
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save' }).querySelector('svg')).not.toBeNull();
  });
});

describe('TextField', () => {
  it('marks required, links the error with aria-describedby, and passes autocomplete through', async () => {
    const user = userEvent.setup();
    function Field() {
      const [value, setValue] = useState('');
      return <TextField label="Email" required value={value} onChange={setValue} autoComplete="username" error={value === 'x' ? 'Invalid email address' : undefined} />;
    }
    renderUi(<Field />);
    const input = screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(input.autocomplete).toBe('username');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.type(input, 'x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('Invalid email address').id);
  });
});

describe('CopyValue and ContactCard', () => {
  afterEach(() => vi.useRealTimers());

  it('copies and confirms for 3 seconds', async () => {
    vi.useFakeTimers();
    const copy = vi.fn().mockResolvedValue(undefined);
    renderUi(<CopyValue value="ann@example.com" label="email" copy={copy} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy email' }));
    });
    expect(copy).toHaveBeenCalledWith('ann@example.com');
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1);
    });
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a contact with copyable email, phones and addresses', () => {
    renderUi(
      <ContactCard
        contact={{ first_name: 'Ann', last_name: 'Lee', primary_email: 'ann@example.com', phone: [{ number: '+15550100199' }], address: [{ address_formatted: '1 Elm St, Springfield' }] }}
        copy={vi.fn().mockResolvedValue(undefined)}
      />,
    );
    const card = screen.getByRole('region', { name: 'Ann Lee' });
    expect(within(card).getByRole('link', { name: 'ann@example.com' }).getAttribute('href')).toBe('mailto:ann@example.com');
    expect(within(card).getByRole('button', { name: 'Copy +15550100199' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Copy 1 Elm St, Springfield' })).toBeTruthy();
  });
});

describe('Table', () => {
  const rows = Array.from({ length: 23 }, (_, i) => ({ id: `r${i + 1}`, name: `Customer ${i + 1}` }));
  const columns = [{ key: 'name', header: 'Name', render: (r: (typeof rows)[number]) => r.name, rowHeader: true }];

  it('pages 10 rows at a time by default', async () => {
    const user = userEvent.setup();
    renderUi(<Table caption="Customers" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const table = screen.getByRole('table', { name: 'Customers' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Customer 21', 'Customer 22', 'Customer 23']);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state when there are no rows', () => {
    renderUi(<Table caption="Customers" columns={columns} rows={[]} rowKey={(r) => r.id} empty={<EmptyState message="No customers yet" />} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'No customers yet' })).toBeTruthy();
  });
});

describe('EmptyState and SelectableBlock', () => {
  it('renders the message, description and button', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    renderUi(<EmptyState message="No tickets" description="Ask us anything." actionLabel="New ticket" onAction={onAction} />);
    expect(screen.getByText('Ask us anything.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New ticket' }));
    expect(onAction).toHaveBeenCalled();
  });

  it('is a labelled radio the whole block selects', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderUi(<SelectableBlock type="radio" name="plan" value="weekly" checked={false} onChange={onChange} label="Weekly" description="Best value" />);
    await user.click(screen.getByText('Best value'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('radio', { name: 'Weekly' }).getAttribute('aria-describedby')).toBe(screen.getByText('Best value').id);
  });
});

describe('shell screens', () => {
  it('NotAuthorized says the spec sentence, in both languages', () => {
    const { unmount } = renderUi(<NotAuthorized />);
    expect(screen.getByText('You are not allowed to view this route.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    unmount();
    renderUi(<NotAuthorized />, { locale: 'es' });
    expect(screen.getByText('No tiene permiso para ver esta página.')).toBeTruthy();
  });

  it('NotFound, ComingSoon and ErrorNetwork have a main heading and a way on', async () => {
    const user = userEvent.setup();
    const { unmount } = renderUi(<NotFound />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    unmount();
    const second = renderUi(<ComingSoon />);
    expect(screen.getByRole('heading', { level: 1, name: 'This part of Tendwell is coming soon' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    second.unmount();
    const onRetry = vi.fn();
    renderUi(<ErrorNetwork onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Network Error' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
