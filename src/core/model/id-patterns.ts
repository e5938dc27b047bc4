/**
 * The shapes of ids, with no schema: modules on every page's boot path (the form validators, the session's
 * actors) read them without loading effect/Schema (docs/performance.md, "What grows /login"). ./ids.ts builds
 * the branded schemas from them and re-exports them.
 */

/** Record ids: 24 lower-case hex characters (docs/architecture.md, "Ids are strings"). */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const isObjectId = (value: unknown): value is string => typeof value === 'string' && OBJECT_ID_PATTERN.test(value);

/**
 * An affiliate's public referral id (the `aff` query value, `referred_by` of a registration). It is
 * chosen by the affiliate, so it is not a record id. The spec asks for no spaces; the contract
 * (openapi shared-bookings ReferralId) narrows it to 2–40 letters, digits, '_' and '-'.
 */
export const REFERRAL_ID_PATTERN = /^[A-Za-z0-9_-]{2,40}$/;
