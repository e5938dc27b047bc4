/** Screen buckets by width (accounts §9): sm ≤640, md ≤768, lg ≤1024, xl ≤1280, else xxl. */
export const ScreenBuckets = ['sm', 'md', 'lg', 'xl', 'xxl'] as const;
export type ScreenBucket = (typeof ScreenBuckets)[number];

export const SCREEN_BREAKPOINTS: readonly (readonly [ScreenBucket, number])[] = [
  ['sm', 640],
  ['md', 768],
  ['lg', 1024],
  ['xl', 1280],
];

export const RESIZE_DEBOUNCE_MS = 1000;

export const screenBucket = (width: number): ScreenBucket => {
  for (const [bucket, max] of SCREEN_BREAKPOINTS) if (width <= max) return bucket;
  return 'xxl';
};

/** Mobile layout (drawer menu, call-us banner) for the two smallest buckets. */
export const isMobileBucket = (bucket: ScreenBucket): boolean => bucket === 'sm' || bucket === 'md';
