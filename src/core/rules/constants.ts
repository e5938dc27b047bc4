/** Business constants and limits (accounts §9, bookings §9). Times in milliseconds. */

export const CLIENT_VERSION = '1.2.34';

export const TOAST_TIMEOUT_MS = 5000;
export const RESET_MESSAGE_MS = 4000;
export const LOGOUT_DELAY_MS = 200;
export const COPY_CONFIRMATION_MS = 3000;
export const DEFAULT_DELAY_MS = 540;
export const INITIAL_SETUP_WAIT_MS = 1100;
export const QUICK_REGISTER_WAIT_MS = 500;
export const QUICK_REGISTER_CUSTOMER_WAIT_MS = 1000;
export const LAZY_SCREEN_TIMEOUT_MS = 120_000;
export const SOCKET_RECONNECT_MS = 500;
export const HOVER_CARD_CACHE_MS = 5 * 60 * 1000;

export const ADMIN_POPUP = { width: 1140, height: 800 } as const;

export const AFFILIATE_COOKIE_DAYS = 365;
export const DEFAULT_COOKIE_DAYS = 30;
export const COOKIE_SAME_SITE = 'Lax';

export const TABLE_PAGE_SIZE = 10;
export const NOTIFICATION_RANGE_DAYS = 30;
export const CUSTOMER_LIST_DEFAULTS = { type: 'active', count: 100, skip: 0 } as const;
export const SUBSCRIPTION_LIST_DEFAULTS = { count: 100, starting_after_id: 0 } as const;

export const CONTENT_MAX_WIDTH = '1240px';
export const CONTENT_MIN_HEIGHT = '400px';
export const ROUTE_MAX_WIDTH = '960px';
export const COPYRIGHT = '© 2022';
export const DROPDOWN_POPOVER_WIDTH = 400;
export const DROPDOWN_LIST_MAX_HEIGHT = '24rem';

/** The give-back programme: $1 for every serviced lawn of a referred customer. */
export const REFERRAL_REWARD_CENTS = 100;

export const ERROR_REPORTING_RELEASE_STAGES = ['production', 'staging'] as const;
export const REFERRAL_SOURCES = ['Google', 'Social Media', 'Friend/Family', 'TV/Radio', 'Flyer/Postcard', 'Billboard', 'Other'] as const;
// Business and entity types: `BusinessTypes` (src/core/model/payouts.ts) and `EntityTypes` (organization.ts). Not
// re-exported here: this file is on every page's boot path, and a re-export would load those schema modules there.
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'inApp', 'popup'] as const;

/** Headers the SPA sends on every call, and the token headers of the reset calls (architecture.md). */
export const API_HEADERS = {
  platform: 'x-platform',
  appVersion: 'x-app-version',
  deviceType: 'x-device-type',
  passwordResetToken: 'x-password-reset-token',
  temporaryToken: 'x-temporary-token',
  apiVersion: 'x-api-version',
  totalTickets: 'x-total-tickets',
  totalPastTickets: 'x-total-past-tickets',
  newTickets: 'x-new-tickets',
} as const;
export const PLATFORM = 'web';
export const DEVICE_TYPE = 'browser';

/** The live connection path (docs/design.md#ports-and-adapters). */
export const SOCKET_PATH = '/socket';
