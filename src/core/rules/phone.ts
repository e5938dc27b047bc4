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
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
};
