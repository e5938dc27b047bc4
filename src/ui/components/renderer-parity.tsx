import { useLayoutEffect, useReducer, useRef } from 'react';
import type { ChangeEvent, InputHTMLAttributes, RefObject } from 'react';

/**
 * Two things React does for form fields that Preact, the renderer the app ships with (docs/decisions.md, "Preact
 * as the shipped renderer"), leaves to the app. The fields that need them (TextField, CodeInput, the day pickers)
 * use these hooks, so they behave the same on either renderer; a plain controlled `<input>` whose handler may
 * refuse a value is a ControlledInput.
 */

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * A controlled field's change handler that puts the field back to the value its owner holds when the change did
 * not take: a character a filter drops (a letter in the code, a fifth digit), a day outside the window. React does
 * this after every change event; Preact writes a field's value only when it renders it, and a filtered value equal
 * to the old one changes no state, so nothing renders and the dropped character would stay on screen. The handler
 * therefore renders the field's component once more after each change: rendering compares the field with its
 * value, and writes it only when it differs, so typing in the middle of a value keeps the caret where it is.
 */
export function useControlledChange<E extends Field>(onChange: (event: ChangeEvent<E>) => void): (event: ChangeEvent<E>) => void {
  const [, render] = useReducer((count: number) => count + 1, 0);
  return (event) => {
    onChange(event);
    render();
  };
}

/**
 * Focuses the element when it mounts with `autoFocus` set, as React does for the `autoFocus` prop. Preact only
 * writes the `autofocus` attribute, which a browser honours for the first such element of a page load, not for a
 * field a screen renders later (the verification code, the lost-password email).
 */
export function useAutoFocus<T extends HTMLElement>(autoFocus: boolean | undefined): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const initial = useRef(autoFocus);
  useLayoutEffect(() => {
    if (initial.current) ref.current?.focus();
  }, []);
  return ref;
}

/** A plain controlled `<input>` whose change handler may refuse the value (useControlledChange). */
export function ControlledInput({ value, onChange, ...rest }: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  return <input {...rest} value={value} onChange={useControlledChange(onChange)} />;
}
