import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import type { SignedInMenuProps } from './SignedInMenu';
import styles from './MenuSlot.module.css';

/** The menu's code once it has arrived. */
let arrived: ComponentType<SignedInMenuProps> | undefined;
let loading: Promise<void> | undefined;

/**
 * Starts loading the signed-in menu (role menu, drawer, notifications menu: a lazy chunk, never loaded on /login).
 * The router calls it as soon as the session is signed in, beside loading the user, so the menu is usually there
 * when the page first shows it. Never fails: a chunk that could not load is tried again on the next call.
 */
export function preloadSignedInMenu(): Promise<void> {
  loading ??= import('./SignedInMenu').then(
    (module) => {
      arrived = module.default;
    },
    (error: unknown) => {
      console.error('The menu failed to load', error);
      loading = undefined;
    },
  );
  return loading;
}

/**
 * Where the signed-in menu goes in the header. Until its code has arrived, an empty box of the menu's size keeps its
 * place, so the header keeps its height when the menu appears (no layout shift). A chunk that could not load is
 * tried again on the next page.
 */
export function MenuSlot(props: SignedInMenuProps) {
  const [Loaded, setLoaded] = useState(() => arrived);
  useEffect(() => {
    if (Loaded) return undefined;
    let current = true;
    void preloadSignedInMenu().then(() => {
      if (current && arrived) setLoaded(() => arrived);
    });
    return () => {
      current = false;
    };
  }, [Loaded, props.pathname]);
  return Loaded ? <Loaded {...props} /> : <MenuPlaceholder mobile={props.mobile} />;
}

/** The menu's reserved space: the bell and the drawer toggle on a small screen, one row of links otherwise. */
export function MenuPlaceholder({ mobile }: { readonly mobile: boolean }) {
  return <div className={mobile ? styles.mobile : styles.desktop} aria-hidden="true" data-testid="menu-placeholder" />;
}
