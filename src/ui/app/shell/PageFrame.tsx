import { useIntl } from 'react-intl';
import type { RouteDef } from '../../../core/routes';
import { AppShell } from './AppShell';

/**
 * What a page the app renders in the browser (a signed-in page, or a public one opened with a query that changes it)
 * shows before the app's JavaScript has run: the shell of its route (header with the menu's space kept, the content
 * card of its layout and width, the footer) around a skeleton of the content. The server sends it in the page
 * (src/prerender.tsx renders one per layout at build time); the app renders over it.
 */
export function PageFrame({ route, version }: { readonly route: RouteDef; readonly version: string }) {
  const intl = useIntl();
  return (
    <AppShell route={route} pathname={route.path} role="none" signedIn={false} menuPending={route.meta.requiresAuth} version={version}>
      {/* Styled by base.css, which is in every page (the app's entry stylesheet). */}
      <div className="page-frame-skeleton" role="status" aria-busy="true" aria-label={intl.formatMessage({ id: 'common.loading' })}>
        <span />
        <span />
        <span />
        <span />
      </div>
    </AppShell>
  );
}
