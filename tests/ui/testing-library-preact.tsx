/**
 * `@testing-library/react` for the UI tests, on Preact: the `ui` project of vitest.config.ts resolves
 * `@testing-library/react` here, so the views under test render with the renderer the app ships with
 * (tools/renderer.ts, docs/decisions.md "Preact as the shipped renderer"). The published package is CommonJS and
 * `require`s react-dom itself, which no alias reaches; this is its API as the tests use it (render, rerender,
 * unmount, renderHook, act, cleanup, and @testing-library/dom with events and waits wrapped in act), built on
 * Preact's own test utilities. Types still come from the published package.
 */
import { configure as configureDom, getQueriesForElement, prettyDOM } from '@testing-library/dom';
import { options } from 'preact';
import { act as preactAct } from 'preact/test-utils';
import { createElement, createRef, useEffect } from 'react';
import type { ComponentType, ReactNode, RefObject } from 'react';
import { createRoot } from 'react-dom/client';

export * from '@testing-library/dom';

type Root = ReturnType<typeof createRoot>;

/** Runs `callback` and flushes Preact's renders and effects (sync or async), like React's `act`. */
export function act<T>(callback: () => T | Promise<T>): Promise<T> & T {
  let result!: T | Promise<T>;
  const done = preactAct(() => {
    result = callback();
    return result as Promise<void> | void;
  });
  if (result && typeof (result as Promise<T>).then === 'function') return done.then(() => result) as Promise<T> & T;
  return result as Promise<T> & T;
}

// Effects (and effect clean-ups on unmount) run right after the render rather than after the next frame (Preact's
// default, a frame jsdom never paints): as React's do in a test, where each render's effects are flushed with it.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// An event runs inside act, so the renders and effects it causes are on screen when it returns. A wait (findBy…,
// waitFor, a user-event call) runs outside act, as @testing-library/react's does: inside act Preact would hold
// every render until the wait ends, and what the wait looks for would never come.
configureDom({
  eventWrapper: (callback) => {
    let result: unknown;
    act(() => {
      result = callback();
    });
    return result;
  },
  asyncWrapper: async (callback) => {
    const result: unknown = await callback();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return result;
  },
});

export const configure = configureDom;

interface Options {
  readonly container?: HTMLElement;
  readonly baseElement?: HTMLElement;
  readonly wrapper?: ComponentType<{ children: ReactNode }>;
}

const mounted = new Set<{ readonly container: HTMLElement; readonly root: Root }>();

export function render(ui: ReactNode, { container, baseElement, wrapper: Wrapper }: Options = {}) {
  const base = baseElement ?? container ?? document.body;
  const host = container ?? base.appendChild(document.createElement('div'));
  const wrap = (node: ReactNode) => (Wrapper ? createElement(Wrapper, null, node) : node);
  const root = createRoot(host);
  mounted.add({ container: host, root });
  act(() => root.render(wrap(ui)));
  return {
    container: host,
    baseElement: base,
    debug: (element: Element = base) => console.log(prettyDOM(element)),
    rerender: (next: ReactNode) => {
      act(() => root.render(wrap(next)));
    },
    unmount: () => {
      act(() => root.unmount());
    },
    asFragment: () => document.createRange().createContextualFragment(host.innerHTML),
    ...getQueriesForElement(base),
  };
}

export function renderHook<Result, Props>(hook: (props: Props) => Result, { initialProps, ...options }: Options & { initialProps?: Props } = {}) {
  const result: RefObject<Result> = createRef() as RefObject<Result>;
  function Probe({ props }: { props: Props }) {
    const value = hook(props);
    (result as { current: Result }).current = value;
    useEffect(() => undefined);
    return null;
  }
  const view = render(createElement(Probe, { props: initialProps as Props }), options);
  return {
    result,
    rerender: (props: Props) => view.rerender(createElement(Probe, { props })),
    unmount: view.unmount,
  };
}

export function cleanup(): void {
  for (const { container, root } of mounted) {
    act(() => root.unmount());
    if (container.parentNode === document.body) document.body.removeChild(container);
  }
  mounted.clear();
}
