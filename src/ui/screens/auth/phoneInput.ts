import { maskPhone } from '../../../core/rules/phone';

/** The 3-3-4 mask as the person types; an autofilled '+1 555 123 4567' loses its country code first. */
export const maskTypedPhone = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  return maskPhone(digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits);
};
