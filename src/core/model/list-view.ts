import * as Schema from 'effect/Schema';
import { Effect } from 'effect';

export const DEFAULT_PAGE_SIZE = 10;

const PositiveInt = Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(1)));

/**
 * List-view table state (accounts §3): page (1-based), page size (default 10), columns (the visible
 * column keys, in order) and filters (column key → filter text). Missing keys decode to defaults.
 */
export const ListViewState = Schema.Struct({
  page: PositiveInt.pipe(Schema.withDecodingDefaultKey(Effect.succeed(1))),
  pageSize: PositiveInt.pipe(Schema.withDecodingDefaultKey(Effect.succeed(DEFAULT_PAGE_SIZE))),
  columns: Schema.Array(Schema.String).pipe(Schema.withDecodingDefaultKey(Effect.succeed([] as readonly string[]))),
  filters: Schema.Record(Schema.String, Schema.String).pipe(
    Schema.withDecodingDefaultKey(Effect.succeed({} as Readonly<Record<string, string>>)),
  ),
});
export type ListViewState = typeof ListViewState.Type;

export const initialListViewState = (columns: readonly string[] = []): ListViewState => ({
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  columns,
  filters: {},
});
