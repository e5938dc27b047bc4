import { describe, expect, it } from 'vitest';
import { RESIZE_DEBOUNCE_MS, isMobileBucket, screenBucket } from '../../../src/core/rules/screen';

describe('screen buckets', () => {
  it.each([
    [320, 'sm'],
    [640, 'sm'],
    [641, 'md'],
    [768, 'md'],
    [769, 'lg'],
    [1024, 'lg'],
    [1025, 'xl'],
    [1280, 'xl'],
    [1281, 'xxl'],
    [2560, 'xxl'],
  ] as const)('%d px is %s', (w, b) => expect(screenBucket(w)).toBe(b));
  it('debounce and mobile buckets', () => {
    expect(RESIZE_DEBOUNCE_MS).toBe(1000);
    expect(isMobileBucket('md')).toBe(true);
    expect(isMobileBucket('lg')).toBe(false);
  });
});
