import * as Schema from 'effect/Schema';

// Home sizes and frequencies live in ./service.ts (one definition each). Not re-exported here: the storage adapter
// is on every page's boot path, and a re-export would load the service schemas there (docs/performance.md).

/**
 * Quote data kept in browser storage (accounts §3, bookings §3). Every field is optional: it is filled
 * piece by piece from the signup query (quote-set prefix) and the booking screens.
 */
export const QuoteData = Schema.Struct({
  service_id: Schema.optional(Schema.String),
  vendor_id: Schema.optional(Schema.String),
  start_time: Schema.optional(Schema.String),
  frequency: Schema.optional(Schema.String),
  home_size: Schema.optional(Schema.String),
  promo_code: Schema.optional(Schema.String),
  /** Ours (not the spec's): the chosen add-on services (ids, comma-separated) and the contract length in months, so the cart and the order screen see them after a reload. */
  add_ons: Schema.optional(Schema.String),
  contract_length: Schema.optional(Schema.String),
});
export type QuoteData = typeof QuoteData.Type;
export const QuoteFields = ['service_id', 'vendor_id', 'start_time', 'frequency', 'home_size', 'promo_code'] as const;

/** The set-default entry (accounts §3): holds home_size. */
export const SetDefaultData = Schema.Struct({
  home_size: Schema.optional(Schema.String),
});
export type SetDefaultData = typeof SetDefaultData.Type;
export const SetDefaultFields = ['home_size'] as const;

/** The SMS registration marker: kept until the code is confirmed; /register/verify/sms needs it. */
export const RegisterVerifySms = Schema.Struct({
  email: Schema.optional(Schema.String),
  phone_number: Schema.optional(Schema.String),
});
export type RegisterVerifySms = typeof RegisterVerifySms.Type;

/** Browser storage keys of the spec (accounts §3). */
export const STORAGE_KEYS = {
  idToken: 'id_token',
  resetToken: 'reset_token',
  temporaryPasswordResetToken: 'temporary_password_reset_token',
  registerVerifySms: 'register_verify_sms',
  appPassword: 'app_password',
  quote: 'quote',
  setDefault: 'set_default',
} as const;
/**
 * Keys of our own that logout does not clear (decision, docs/decisions.md): the help desk's unsent drafts,
 * kept per user so that an expired session or a lost connection never loses a word.
 */
export const KEPT_STORAGE_KEYS = {
  ticketDrafts: 'ticket_drafts',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | (typeof KEPT_STORAGE_KEYS)[keyof typeof KEPT_STORAGE_KEYS];
/** The spec's keys: the ones logout clears. */
export const StorageKeyList: readonly StorageKey[] = Object.values(STORAGE_KEYS);

/**
 * An unsent help-desk text (a new ticket or a comment), as typed: what the composer restores. `ticket_id` is
 * the server's draft ticket once one was saved; `saved` tells whether the server has this exact text.
 */
export const TicketDraftData = Schema.Struct({
  subject: Schema.optional(Schema.String),
  comment: Schema.optional(Schema.String),
  type: Schema.optional(Schema.String),
  priority: Schema.optional(Schema.String),
  appointment_id: Schema.optional(Schema.String),
  subscription_id: Schema.optional(Schema.String),
  account_id: Schema.optional(Schema.String),
  /** The picked account's name, as support's account picker showed it. */
  account_name: Schema.optional(Schema.String),
  ticket_id: Schema.optional(Schema.String),
  saved: Schema.optional(Schema.Boolean),
  updated: Schema.optional(Schema.String),
});
export type TicketDraftData = typeof TicketDraftData.Type;
/** Drafts by draft key (`<user id>:new`, `<user id>:comment:<ticket id>`, `<user id>:draft:<ticket id>`). */
export const TicketDrafts = Schema.Record(Schema.String, TicketDraftData);
export type TicketDrafts = typeof TicketDrafts.Type;

/** The schema of each stored value; the storage adapter decodes with it, so a corrupt entry reads as absent. */
export const StorageSchemas = {
  id_token: Schema.String,
  reset_token: Schema.String,
  temporary_password_reset_token: Schema.String,
  register_verify_sms: RegisterVerifySms,
  app_password: Schema.String,
  quote: QuoteData,
  set_default: SetDefaultData,
  ticket_drafts: TicketDrafts,
} as const satisfies Record<StorageKey, Schema.Top>;

/** The value type stored under each key. */
export type StorageValues = { readonly [K in StorageKey]: (typeof StorageSchemas)[K]['Type'] };

/** Query prefixes on the signup pages: `?quote_set_home_size=large` stores quote.home_size = 'large'. */
export const QUOTE_SET_PREFIX = 'quote_set_';
export const DEFAULT_SET_PREFIX = 'default_set_';

/** Cookies (accounts §9): the affiliate referral cookie, set from the `aff` query, lives 365 days. */
export const COOKIE_NAMES = {
  affiliateReferral: 'aff',
} as const;
export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];
