/** A page request of the list screens (table state, accounts §3). */
export interface PageQuery {
  readonly count?: number;
  readonly skip?: number;
}

/** `{ message }` replies are surfaced as plain text. */
export type Confirmation = { readonly message: string };

/** A period filter of the money lists and summaries (days, YYYY-MM-DD). */
export interface PeriodQuery {
  readonly from?: string;
  readonly to?: string;
}

/** A page of a list (1-based page, page size). */
export interface PageNumberQuery {
  readonly page?: number;
  readonly pageSize?: number;
}

/** One page of a list and how many there are in all (the contract's `…Page` replies). */
export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}
