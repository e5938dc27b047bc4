import type { IntlShape } from 'react-intl';

/** Cents as the customer's currency text ($50.00 / 50,00 US$). */
export const money = (intl: Pick<IntlShape, 'formatNumber'>, cents: number): string => intl.formatNumber(cents / 100, { style: 'currency', currency: 'USD' });
