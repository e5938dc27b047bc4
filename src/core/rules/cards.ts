/**
 * Card rules shared by the sandbox card form (browser) and the sandbox provider (server): the Luhn check,
 * the brand of a number, expiry and security code, and the test cards the sandbox accepts (Stripe's own
 * test numbers and `pm_card_*` ids, https://docs.stripe.com/testing).
 */
import type { CardBrand, CardDetailsInput } from '../model/billing';

/** How a test card behaves when charged: it pays, it is declined with a decline code, or it needs 3-D Secure. */
export type CardBehaviour = 'ok' | 'authentication_required' | 'generic_decline' | 'insufficient_funds';

export interface TestCard {
  readonly number: string;
  readonly brand: CardBrand;
  readonly behaviour: CardBehaviour;
}

/** The test numbers the sandbox form accepts (digits only). */
export const SANDBOX_TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'Visa', behaviour: 'ok' },
  { number: '5555555555554444', brand: 'Mastercard', behaviour: 'ok' },
  { number: '378282246310005', brand: 'AmericanExpress', behaviour: 'ok' },
  { number: '4000000000000002', brand: 'Visa', behaviour: 'generic_decline' },
  { number: '4000000000009995', brand: 'Visa', behaviour: 'insufficient_funds' },
  { number: '4000002760003184', brand: 'Visa', behaviour: 'authentication_required' },
];

/** Stripe's test payment-method ids and the card each one stands for. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: SANDBOX_TEST_CARDS[0]!,
  pm_card_mastercard: SANDBOX_TEST_CARDS[1]!,
  pm_card_amex: SANDBOX_TEST_CARDS[2]!,
  pm_card_chargeDeclined: SANDBOX_TEST_CARDS[3]!,
  pm_card_chargeDeclinedInsufficientFunds: SANDBOX_TEST_CARDS[4]!,
  pm_card_authenticationRequired: SANDBOX_TEST_CARDS[5]!,
};

/** Digits only: spaces and dashes typed between groups are dropped. */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/** The Luhn checksum every card number satisfies. */
export const luhnValid = (digits: string): boolean => {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** The brand of a card number by its prefix (Visa 4, Mastercard 51–55 and 2221–2720, American Express 34/37). */
export const brandOfNumber = (digits: string): CardBrand => {
  if (/^4/.test(digits)) return 'Visa';
  if (/^3[47]/.test(digits)) return 'AmericanExpress';
  if (/^5[1-5]/.test(digits) || /^2(2[2-9]|[3-6]\d|7[01]|720)/.test(digits)) return 'Mastercard';
  return 'Other';
};

/** A provider's brand word (Stripe: visa, mastercard, amex, …) as the spec shows it. */
export const cardBrandOf = (providerBrand: string): CardBrand => {
  switch (providerBrand.toLowerCase().replace(/[\s_-]/g, '')) {
    case 'visa':
      return 'Visa';
    case 'mastercard':
      return 'Mastercard';
    case 'amex':
    case 'americanexpress':
      return 'AmericanExpress';
    default:
      return 'Other';
  }
};

export const CARD_MESSAGES = {
  number: 'Your card number is invalid.',
  unknownTestCard: 'Use one of the sandbox test card numbers (for example 4242 4242 4242 4242).',
  expiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvc: "Your card's security code is invalid.",
} as const;

export type CardProblem = { readonly field: 'number' | 'expiry' | 'cvc'; readonly message: string };

/**
 * What is wrong with typed card details, or null: a number failing Luhn, a month outside 1–12, an expiry
 * before this month, a security code that is not 3 digits (4 for American Express).
 */
export const cardDetailsProblem = (input: CardDetailsInput, now: Date): CardProblem | null => {
  const digits = cardDigits(input.number);
  if (!luhnValid(digits)) return { field: 'number', message: CARD_MESSAGES.number };
  if (!Number.isInteger(input.exp_month) || input.exp_month < 1 || input.exp_month > 12) return { field: 'expiry', message: CARD_MESSAGES.expiry };
  const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50) return { field: 'expiry', message: CARD_MESSAGES.expiry };
  if (year * 12 + input.exp_month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return { field: 'expiry', message: CARD_MESSAGES.expired };
  const cvcLength = brandOfNumber(digits) === 'AmericanExpress' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) return { field: 'cvc', message: CARD_MESSAGES.cvc };
  return null;
};

/** The sandbox's test card for a typed number, if it is one. */
export const sandboxTestCard = (number: string): TestCard | undefined => {
  const digits = cardDigits(number);
  return SANDBOX_TEST_CARDS.find((c) => c.number === digits);
};
