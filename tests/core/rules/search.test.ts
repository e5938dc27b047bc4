import { describe, expect, it } from 'vitest';
import { MIN_SEARCH_LENGTH, shouldLocationSearch, shouldSearch } from '../../../src/core/rules/search';

describe('search', () => {
  it('needs 3 characters', () => {
    expect(MIN_SEARCH_LENGTH).toBe(3);
    expect(shouldSearch('ab')).toBe(false);
    expect(shouldSearch(' ab ')).toBe(false);
    expect(shouldSearch('abc')).toBe(true);
    expect(shouldSearch(undefined)).toBe(false);
  });
  it('location search needs a parameter', () => {
    expect(shouldLocationSearch({})).toBe(false);
    expect(shouldLocationSearch({ zip: '', city: undefined })).toBe(false);
    expect(shouldLocationSearch({ zip: '90210' })).toBe(true);
    expect(shouldLocationSearch({ radius: 0 })).toBe(true);
  });
});
