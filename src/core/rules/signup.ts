import { DEFAULT_SET_PREFIX, QUOTE_SET_PREFIX, QuoteFields, SetDefaultFields, type QuoteData, type SetDefaultData } from '../model/storage';
import { SignupVersions, type SignupVersion } from '../model/registration';
import { isValidReferralId } from './validators';
import { AFFILIATE_COOKIE_DAYS } from './constants';

/** What the customer signup pages read from their query (accounts §2). */
export interface SignupQuery {
  /** The template variant; unknown or missing values are 'default'. */
  readonly version: SignupVersion;
  /** E-mail to prefill. */
  readonly email: string | undefined;
  /** The referring affiliate id (also set as the referral cookie for 365 days). */
  readonly affiliateId: string | undefined;
  /** Values given with the quote-set prefix, stored under the quote key. */
  readonly quote: QuoteData;
  /** Values given with the default-set prefix, stored under the set-default key. */
  readonly setDefault: SetDefaultData;
}

export const signupVersion = (value: string | null | undefined): SignupVersion =>
  (SignupVersions as readonly string[]).includes(value ?? '') ? (value as SignupVersion) : 'default';

const pick = (params: URLSearchParams, prefix: string, fields: readonly string[]): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(prefix)) continue;
    const field = key.slice(prefix.length);
    if (fields.includes(field) && value !== '') out[field] = value;
  }
  return out;
};

/**
 * Read a signup query: version, email, aff, and every parameter beginning with the quote-set or
 * default-set prefix, stored under the remaining name (only the names the storage entry holds).
 */
export const parseSignupQuery = (query: string | URLSearchParams): SignupQuery => {
  const params = typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query;
  const email = params.get('email')?.trim() || undefined;
  const aff = params.get('aff')?.trim();
  return {
    version: signupVersion(params.get('version')),
    email,
    affiliateId: aff && isValidReferralId(aff) ? aff : undefined,
    quote: pick(params, QUOTE_SET_PREFIX, QuoteFields),
    setDefault: pick(params, DEFAULT_SET_PREFIX, SetDefaultFields),
  };
};

/** The referral cookie to set for an `aff` value. */
export const affiliateCookie = (affiliateId: string) => ({ value: affiliateId, days: AFFILIATE_COOKIE_DAYS, sameSite: 'Lax' as const });
