import { useEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from './Content';

/** Moves focus to the page's main heading (or the <main> itself). Exported for the router and tests. */
export function focusMainHeading(doc: Document = document): void {
  const main = doc.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1') ?? main.querySelector<HTMLElement>('h2');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: false });
}

/**
 * Call from the router with the current pathname: after each route change (not the first render),
 * focus moves to the new page's main heading, so screen-reader users hear where they are.
 */
export function useRouteFocus(pathname: string): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (previous.current !== null && previous.current !== pathname) {
      // Wait a frame so the new screen has rendered its heading.
      const frame = requestAnimationFrame(() => focusMainHeading());
      previous.current = pathname;
      return () => cancelAnimationFrame(frame);
    }
    previous.current = pathname;
    return undefined;
  }, [pathname]);
}
