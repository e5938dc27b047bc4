import { useLocation, useSearch } from 'wouter';
import { dayOf } from '../../../core/rules/appointment-views';
import type { ListActor } from '../../../machines/features/appointment-list.machine';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day a day view opens on: the address's ?date= when it is a day, else today. */
export function useAskedDay(now: () => string): { readonly day: string; readonly today: string } {
  const asked = new URLSearchParams(useSearch()).get('date') ?? '';
  const today = dayOf(new Date(now()));
  return { day: DAY.test(asked) ? asked : today, today };
}

/**
 * A day view's state kept in the address (?date=&view=list&customer=&vendor=), shared by the vendor's work schedule
 * and the organization's day, so a day can be shared and reloaded: the view, the named filters (empty: all), `go`
 * to change some of them (replacing the history entry; defaults are left out), and `showDay` to load another day
 * (the customer filter is cleared: that day's customers differ).
 */
export function useDayViewAddress<F extends string>(list: ListActor, day: string, filterNames: readonly F[]) {
  const [location, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const view: 'day' | 'list' = search.get('view') === 'list' ? 'list' : 'day';
  const filters = Object.fromEntries(filterNames.map((name) => [name, search.get(name) ?? ''])) as Record<F, string>;
  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams({ date: day, view, ...filters, ...changes });
    for (const [key, value] of [...next]) if (!value || (key === 'view' && value === 'day')) next.delete(key);
    navigate(`${location}?${next.toString()}`, { replace: true });
  };
  const showDay = (next: string) => {
    list.send({ type: 'list.showDay', day: next });
    go({ date: next, customer: '' });
  };
  return { view, filters, go, showDay };
}
