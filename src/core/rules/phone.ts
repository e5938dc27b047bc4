import { maskDigits } from './mask';

export const INVALID_PHONE_MESSAGE = 'Invalid phone number format';
/** The phone sent with a code resend must be exactly 12 characters: '+1' and ten digits (accounts §5). */
export const RESEND_PHONE_LENGTH = 12;
export const PHONE_MASK = [3, 3, 4] as const;

export const isValidResendPhone = (phone: string): boolean => phone.length === RESEND_PHONE_LENGTH;

/** undefined when valid, else 'Invalid phone number format'. */
export const resendPhoneError = (phone: string): string | undefined =>
  isValidResendPhone(phone) ? undefined : INVALID_PHONE_MESSAGE;

/** The 3-3-4 mask as the user types: '5551234567' → '555-123-4567' (digits only, at most 10). */
export const maskPhone = (input: string): string => maskDigits(input, PHONE_MASK, '-');

/**
 * A US number in the 12-character form the resend call needs: '+1' and ten digits. Accepts masked input,
 * ten digits, or eleven starting with 1. Anything else is undefined.
 */
export const toE164Us = (input: string): string | undefined => {
  const digits = nationalDigits(input);
  return digits.length === 10 ? `+1${digits}` : undefined;
};

/** The US country code, as dialled. */
export const US_COUNTRY_CODE = '1';

/**
 * The digits of a phone without its US country code: '+1 555 123 4567' and '1-555-123-4567' become
 * '5551234567'. Only an eleven-digit number starting with 1 carries the code; anything else keeps its digits.
 */
export const nationalDigits = (input: string): string => {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith(US_COUNTRY_CODE) ? digits.slice(US_COUNTRY_CODE.length) : digits;
};

/** The 3-3-4 mask as the person types; an autofilled '+1 555 123 4567' loses its country code first. */
export const maskTypedPhone = (input: string): string => maskPhone(nationalDigits(input));

/**
 * The phone a code goes to, as typed: an international form ('+1…') is kept as the person wrote it
 * (the resend rule checks its length); anything else is masked like the sign-up phone.
 */
export const typedResendPhone = (input: string): string => (input.startsWith('+') ? input : maskTypedPhone(input));

/**
 * A stored number as the phone field shows it: the E.164 form '+15555550101' in the typed mask '555-555-0101'
 * (the same form the profile's facts show); anything else as it is.
 */
export const typedPhoneOf = (stored: string): string => (/^\+1\d{10}$/.test(stored) ? maskTypedPhone(stored) : stored);

/** The last four digits of a phone for display, e.g. '•••• 0100'; undefined when there are fewer than four. */
export const phoneLastDigits = (phone: string | null | undefined): string | undefined => {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : undefined;
};
