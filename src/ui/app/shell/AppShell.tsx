import type { ReactNode } from 'react';
import type { Role } from '../../../core/model/roles';
import { isMobileBucket } from '../../../core/rules/screen';
import type { ScreenBucket } from '../../../core/rules/screen';
import { isMenuVisible } from '../../../core/routes';
import type { RouteDef } from '../../../core/routes';
import { LoadingOverlay } from '../../components/LoadingOverlay/LoadingOverlay';
import { Spinner } from '../../components/Spinner/Spinner';
import { ToastRegion } from '../../components/Toasts/Toasts';
import { Content } from './Content';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileBanner } from './MobileBanner';
import { MenuPlaceholder, MenuSlot } from './MenuSlot';
import type { NotificationsMenuProps } from './NotificationsMenu';
import { SkipLink } from './SkipLink';
import { useRouteFocus } from './useRouteFocus';
import { useScreenBucket } from './useScreenBucket';
import '../tokens.css';
import '../base.css';
import styles from './AppShell.module.css';

export interface AppShellProps {
  /** The matched route (src/core/routes.ts): its meta chooses the layout, width, menu and footer. */
  route: RouteDef;
  /** The current path (for the current menu item and focus on route change). */
  pathname: string;
  /** The active role ('none' when signed out). */
  role: Role;
  signedIn: boolean;
  /**
   * Signed in, the user still loading (a reload of a signed-in page): the menu's space is kept, so the header does
   * not change when the menu appears.
   */
  menuPending?: boolean;
  /** The menu reads the notifications and the new-ticket count from the session's charts (the app's router sets it). */
  menuFromSession?: boolean;
  /** The client version for the footer. */
  version: string;
  /** The support phone line for the mobile 'Call Us:' banner; no banner without it. */
  supportPhone?: string;
  /** Shows the page loading overlay while asynchronous content loads. */
  loading?: boolean;
  /** Header slot content. */
  headerSlot?: ReactNode;
  /** The notifications menu's data (tests and stories; the app's menu reads the session's chart: `menuFromSession`). */
  notifications?: NotificationsMenuProps;
  /** The help desk's new-ticket count, shown on the Help menu entry (likewise). */
  newTickets?: number;
  onOpenChatConsole?: () => void;
  /** Overrides the measured screen bucket (tests, stories). */
  bucket?: ScreenBucket;
  children: ReactNode;
}

/**
 * The page shell of accounts §2: skip link, header (logo, slot, role menu or drawer), optional mobile
 * banner, the content card, the footer, the toast region and the loading overlay. The route's meta
 * decides: layoutTemplate (default | fullScreen | loading | loading-block), hideNavigation (and alert
 * routes) hide the menu, showFooter, showHeaderLogoAsLink, maxWidthContent.
 */
export function AppShell(props: AppShellProps) {
  const measured = useScreenBucket();
  const bucket = props.bucket ?? measured;
  useRouteFocus(props.pathname);
  const { route, pathname, role, signedIn, menuPending = false, menuFromSession, version, supportPhone, loading = false, headerSlot, notifications, newTickets, onOpenChatConsole, children } =
    props;
  const { meta } = route;
  const mobile = isMobileBucket(bucket);

  if (meta.layoutTemplate === 'loading') {
    return (
      <>
        <main id="main-content" tabIndex={-1} className={styles.loadingPage}>
          <Spinner size="lg" />
          {children}
        </main>
        <ToastRegion />
      </>
    );
  }

  // The menu's code (role menu, drawer, notifications menu) loads once someone is signed in: MenuSlot.
  const showMenu = signedIn && isMenuVisible(route);
  const navigation = showMenu ? (
    <MenuSlot
      role={role}
      pathname={pathname}
      mobile={mobile}
      fromSession={menuFromSession}
      notifications={notifications}
      newTickets={newTickets}
      onOpenChatConsole={onOpenChatConsole}
    />
  ) : menuPending && isMenuVisible(route) ? (
    <MenuPlaceholder mobile={mobile} />
  ) : null;
  const fullScreen = meta.layoutTemplate === 'fullScreen';

  return (
    <div className={styles.shell} data-layout={meta.layoutTemplate} data-bucket={bucket}>
      <SkipLink />
      <Header logoAsLink={meta.showHeaderLogoAsLink} slot={headerSlot} navigation={navigation} />
      {mobile && supportPhone ? <MobileBanner phone={supportPhone} /> : null}
      <div className={fullScreen ? styles.bodyFull : styles.body}>
        <Content maxWidth={meta.maxWidthContent} variant={fullScreen ? 'bare' : 'card'}>
          {meta.layoutTemplate === 'loading-block' ? (
            <div className={styles.loadingBlock}>
              <Spinner size="lg" />
            </div>
          ) : null}
          {children}
        </Content>
      </div>
      {meta.showFooter ? <Footer signedIn={signedIn} version={version} /> : null}
      <ToastRegion />
      <LoadingOverlay active={loading} />
    </div>
  );
}
