import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ZipCodeEntry } from '../../core/model/service';
import { shouldSearch } from '../../core/rules/search';
import { errorOf, failureOf, notProvided, type FlowMessage } from '../flows/auth-flow-support';

/**
 * Finding ZIP codes of the platform's list by number or city (GET search/zipcodes), for the organization's
 * service-area form: `zip.find {text}` with 3 or more characters (src/core/rules/search.ts) goes to `searching`
 * (tag `busy`; a newer text restarts it, so an older answer never lands) and back to `idle` with the matches or the
 * refusal; a shorter text clears the matches without a call.
 */

export interface ZipLookupContext {
  readonly text: string;
  readonly results: readonly ZipCodeEntry[];
  /** The text the results answer (empty: none yet). */
  readonly answered: string;
  readonly error: FlowMessage | null;
}

export type ZipLookupEvent = { readonly type: 'zip.find'; readonly text: string };

export const zipLookupMachine = setup({
  types: {
    context: {} as ZipLookupContext,
    events: {} as ZipLookupEvent,
  },
  actors: {
    /** GET search/zipcodes?text=…: the matches, ZIP codes starting with the text first. */
    search: fromPromise<readonly ZipCodeEntry[], { readonly text: string }>(notProvided('search')),
  },
  guards: {
    searchable: ({ event }) => shouldSearch(event.text),
  },
  actions: {
    takeText: assign(({ event }) => ({ text: event.text, error: null })),
    clear: assign(({ event }) => ({ text: event.text, results: [], answered: '', error: null })),
    takeResults: assign(({ context }, results: readonly ZipCodeEntry[]) => ({ results, answered: context.text.trim() })),
    refused: assign((_, error: unknown) => ({ error: failureOf(error), results: [], answered: '' })),
  },
}).createMachine({
  id: 'zipLookup',
  description: 'Finding ZIP codes of the platform by number or city (3 or more characters).',
  context: { text: '', results: [], answered: '', error: null },
  initial: 'idle',
  on: {
    'zip.find': [
      { guard: 'searchable', target: '.searching', reenter: true, actions: 'takeText' },
      { target: '.idle', actions: 'clear' },
    ],
  },
  states: {
    idle: {},
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: { target: 'idle', actions: { type: 'takeResults', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'refused', params: errorOf } },
      },
    },
  },
});

export type ZipLookupActor = ActorRefFrom<typeof zipLookupMachine>;
type Snapshot = SnapshotFrom<typeof zipLookupMachine>;
export const selectZipResults = (s: Snapshot): readonly ZipCodeEntry[] => s.context.results;
export const selectZipSearching = (s: Snapshot): boolean => s.hasTag('busy');
export const selectZipAnswered = (s: Snapshot): string => s.context.answered;
export const selectZipLookupError = (s: Snapshot): FlowMessage | null => s.context.error;
