// Home sizes and frequencies live in ./service.ts (one definition each). Not re-exported here: the storage adapter
// is on every page's boot path, and a re-export would load the service schemas there (docs/performance.md).

/**
 * What the browser keeps (accounts §3), with a hand-written decoder for each stored value. The storage adapter is
 * on every page's boot path, so these are plain functions rather than effect/Schema structs (which would load
 * Schema before /login paints, docs/performance.md): each answers the value with only its known fields, or
 * `undefined` when the stored value does not have the shape (a corrupt entry then reads as absent).
 * tests/core/model/storage.test.ts checks each of them.
 */

/** A decoder of a stored value: the value, or undefined when it does not have the shape. */
export type StoredDecoder<A> = (input: unknown) => A | undefined;

type Optional<K extends string, V> = { readonly [F in K]?: V };

const isRecord = (input: unknown): input is Readonly<Record<string, unknown>> => typeof input === 'object' && input !== null && !Array.isArray(input);

/**
 * A record of optional fields, each a string (or each a boolean for `booleans`): the known fields that are present,
 * others dropped (as a schema struct drops excess keys); undefined when the input is no record or a field has
 * another type.
 */
const optionalFields =
  <S extends string, B extends string = never>(strings: readonly S[], booleans: readonly B[] = []): StoredDecoder<Optional<S, string> & Optional<B, boolean>> =>
  (input) => {
    if (!isRecord(input)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [fields, type] of [[strings, 'string'], [booleans, 'boolean']] as const) {
      for (const field of fields) {
        const value = input[field];
        if (value === undefined) continue;
        if (typeof value !== type) return undefined;
        out[field] = value;
      }
    }
    return out as Optional<S, string> & Optional<B, boolean>;
  };

const aString: StoredDecoder<string> = (input) => (typeof input === 'string' ? input : undefined);

/**
 * Quote data kept in browser storage (accounts §3, bookings §3). Every field is optional: it is filled
 * piece by piece from the signup query (quote-set prefix) and the booking screens. `add_ons` and
 * `contract_length` are ours (not the spec's): the chosen add-on services (ids, comma-separated) and the contract
 * length in months, so the cart and the order screen see them after a reload.
 */
const QUOTE_DATA_FIELDS = ['service_id', 'vendor_id', 'start_time', 'frequency', 'home_size', 'promo_code', 'add_ons', 'contract_length'] as const;
export type QuoteData = Optional<(typeof QUOTE_DATA_FIELDS)[number], string>;
export const decodeQuoteData: StoredDecoder<QuoteData> = optionalFields(QUOTE_DATA_FIELDS);
export const QuoteFields = ['service_id', 'vendor_id', 'start_time', 'frequency', 'home_size', 'promo_code'] as const;

/** The set-default entry (accounts §3): holds home_size. */
export const SetDefaultFields = ['home_size'] as const;
export type SetDefaultData = Optional<(typeof SetDefaultFields)[number], string>;
export const decodeSetDefaultData: StoredDecoder<SetDefaultData> = optionalFields(SetDefaultFields);

/** The SMS registration marker: kept until the code is confirmed; /register/verify/sms needs it. */
const REGISTER_VERIFY_SMS_FIELDS = ['email', 'phone_number'] as const;
export type RegisterVerifySms = Optional<(typeof REGISTER_VERIFY_SMS_FIELDS)[number], string>;
export const decodeRegisterVerifySms: StoredDecoder<RegisterVerifySms> = optionalFields(REGISTER_VERIFY_SMS_FIELDS);

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
 * the server's draft ticket once one was saved; `saved` tells whether the server has this exact text;
 * `account_name` is the picked account's name, as support's account picker showed it.
 */
const TICKET_DRAFT_TEXT_FIELDS = ['subject', 'comment', 'type', 'priority', 'appointment_id', 'subscription_id', 'account_id', 'account_name', 'ticket_id', 'updated'] as const;
export type TicketDraftData = Optional<(typeof TICKET_DRAFT_TEXT_FIELDS)[number], string> & { readonly saved?: boolean };
export const decodeTicketDraftData: StoredDecoder<TicketDraftData> = optionalFields(TICKET_DRAFT_TEXT_FIELDS, ['saved'] as const);
/** Drafts by draft key (`<user id>:new`, `<user id>:comment:<ticket id>`, `<user id>:draft:<ticket id>`). */
export type TicketDrafts = { readonly [key: string]: TicketDraftData };
/** Every draft must decode, or the whole entry reads as absent (as a schema record would). */
export const decodeTicketDrafts: StoredDecoder<TicketDrafts> = (input) => {
  if (!isRecord(input)) return undefined;
  const out: Record<string, TicketDraftData> = {};
  for (const [key, value] of Object.entries(input)) {
    const draft = decodeTicketDraftData(value);
    if (draft === undefined) return undefined;
    out[key] = draft;
  }
  return out;
};

/** The value type stored under each key. */
export interface StorageValues {
  readonly id_token: string;
  readonly reset_token: string;
  readonly temporary_password_reset_token: string;
  readonly register_verify_sms: RegisterVerifySms;
  readonly app_password: string;
  readonly quote: QuoteData;
  readonly set_default: SetDefaultData;
  readonly ticket_drafts: TicketDrafts;
}

/** The decoder of each stored value; the storage adapter decodes with it, so a corrupt entry reads as absent. */
export const StorageDecoders: { readonly [K in StorageKey]: StoredDecoder<StorageValues[K]> } = {
  id_token: aString,
  reset_token: aString,
  temporary_password_reset_token: aString,
  register_verify_sms: decodeRegisterVerifySms,
  app_password: aString,
  quote: decodeQuoteData,
  set_default: decodeSetDefaultData,
  ticket_drafts: decodeTicketDrafts,
};

/** Query prefixes on the signup pages: `?quote_set_home_size=large` stores quote.home_size = 'large'. */
export const QUOTE_SET_PREFIX = 'quote_set_';
export const DEFAULT_SET_PREFIX = 'default_set_';

/** Cookies (accounts §9): the affiliate referral cookie, set from the `aff` query, lives 365 days. */
export const COOKIE_NAMES = {
  affiliateReferral: 'aff',
} as const;
export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];
