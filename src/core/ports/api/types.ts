/**
 * Loose record shapes for the areas whose fields the spec shows only in part (bookings §3). They keep
 * the id typed and leave the rest open; tighten them in src/core/model when a screen needs a field.
 */
export type Doc = Readonly<Record<string, unknown>>;

/** A record with a typed `_id`. */
export type Rec<Id extends string = string> = Doc & { readonly _id: Id };

/** A page request of the list screens (table state, accounts §3). */
export interface PageQuery {
  readonly count?: number;
  readonly skip?: number;
}

/** `{ message }` replies are surfaced as plain text. */
export type Confirmation = { readonly message: string };
