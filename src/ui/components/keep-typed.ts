import { useCallback, useRef } from 'react';
import type { Ref, RefCallback } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * A controlled field's ref that keeps what was typed before the app took the page over. A public page arrives
 * rendered (src/prerender.tsx) and a person may type into its form before the scripts have run; React then takes the
 * page over (hydrateRoot, src/main.tsx) and keeps the field's text on screen, but the field's owner (a chart's draft)
 * still holds the value it was rendered with, and its next render would put that back. So when the field is taken
 * over holding other text than its value, that text is reported as a change: the owner takes it, and nothing typed is
 * lost. A field the app creates itself holds its value from the start, and for it this does nothing.
 */
export function useKeepTyped<E extends Field>(value: string, onChange: (value: string) => void, forwarded?: Ref<E>): RefCallback<E> {
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  return useCallback(
    (node: E | null) => {
      if (typeof forwarded === 'function') forwarded(node);
      else if (forwarded) forwarded.current = node;
      if (node && node.value !== latest.current.value) latest.current.onChange(node.value);
    },
    [forwarded],
  );
}
