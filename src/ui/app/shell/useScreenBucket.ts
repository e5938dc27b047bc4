import { useEffect, useState } from 'react';
import { RESIZE_DEBOUNCE_MS, screenBucket } from '../../../core/rules/screen';
import type { ScreenBucket } from '../../../core/rules/screen';

const currentBucket = (): ScreenBucket => screenBucket(typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth);

/**
 * The screen bucket of the window (sm, md, lg, xl, xxl — accounts §9), updated after resizing
 * settles for 1000 ms.
 */
export function useScreenBucket(): ScreenBucket {
  const [bucket, setBucket] = useState<ScreenBucket>(currentBucket);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setBucket(currentBucket()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return bucket;
}
