import { useEffect, useRef } from 'react';

/** Runs `effect` once, the first time `ready` is true (an event the chart must receive once per visit). */
export function useOnce(ready: boolean, effect: () => void): void {
  const done = useRef(false);
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    latest.current();
  }, [ready]);
}
