import { useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { todayOf } from '../../../core/rules/appointment-views';
import { dayOf } from '../../../core/rules/visit-time';
import { selectItems, selectServerToday, type ListActor } from '../../../machines/features/appointment-list.machine';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day a day view opens on: the address's ?date= when it is a day (`asked`), else the browser's today — a guess
 * that a list asking the server for its today (the vendor's, the organization's) replaces once answered.
 */
export function useAskedDay(now: () => string): { readonly day: string; readonly asked: boolean } {
  const asked = new URLSearchParams(useSearch()).get('date') ?? '';
  return DAY.test(asked) ? { day: asked, asked: true } : { day: dayOf(new Date(now())), asked: false };
}

/**
 * Today for a day view (its "Today" button): the server's today for the vendor or the organization when the list
 * asked for it (counted in the zone of its service area), else today in the zone of the day's visits (their
 * addresses'), else the browser's (src/core/rules/visit-time.ts).
 */
export function useDayViewToday(list: ListActor, now: () => string): string {
  const serverToday = useSelector(list, selectServerToday);
  const items = useSelector(list, selectItems);
  return serverToday ?? todayOf(now(), items);
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
