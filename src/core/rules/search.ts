/** Search (accounts §5, bookings §5): texts shorter than 3 characters give an empty result without a call. */
export const MIN_SEARCH_LENGTH = 3;

export const shouldSearch = (text: string | null | undefined): boolean => (text ?? '').trim().length >= MIN_SEARCH_LENGTH;

/** Location search returns empty when no parameter is given: search only with at least one non-empty value. */
export const shouldLocationSearch = (params: object): boolean =>
  Object.values(params).some((v) => v !== undefined && v !== null && String(v).trim() !== '');
