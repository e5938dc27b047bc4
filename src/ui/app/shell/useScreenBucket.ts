import { useSyncExternalStore } from 'react';
import { RESIZE_DEBOUNCE_MS, screenBucket } from '../../../core/rules/screen';
import type { ScreenBucket } from '../../../core/rules/screen';

const currentBucket = (): ScreenBucket => screenBucket(typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth);

/**
 * The bucket a page rendered outside the browser is rendered in (src/prerender.tsx): the widest. A page the browser
 * takes over (hydrateRoot) renders first in it too, so the tree matches what was served, and then in the window's
 * own (a phone's banner appears with that second render).
 */
const SERVER_BUCKET: ScreenBucket = screenBucket(Number.POSITIVE_INFINITY);

/** The window's bucket as last settled: read when the first screen subscribes, then once each resize has settled for 1000 ms. */
let settled: ScreenBucket = currentBucket();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
const onResize = () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    settled = currentBucket();
    listeners.forEach((listener) => listener());
  }, RESIZE_DEBOUNCE_MS);
};

const subscribe = (changed: () => void) => {
  if (listeners.size === 0) {
    // Nobody listened meanwhile: the window's bucket now (React renders again when it differs from the last read).
    settled = currentBucket();
    window.addEventListener('resize', onResize);
  }
  listeners.add(changed);
  return () => {
    listeners.delete(changed);
    if (listeners.size === 0) {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    }
  };
};

/**
 * The screen bucket of the window (sm, md, lg, xl, xxl — accounts §9), updated after resizing
 * settles for 1000 ms.
 */
export function useScreenBucket(): ScreenBucket {
  return useSyncExternalStore(subscribe, () => settled, () => SERVER_BUCKET);
}
