/**
 * Keep the digits of `input` and group them: maskDigits('5551234567', [3, 3, 4], '-') → '555-123-4567'.
 * Extra digits are dropped; a partial input is grouped as far as it goes ('5551' → '555-1').
 */
export const maskDigits = (input: string, groups: readonly number[], separator: string): string => {
  const max = groups.reduce((a, b) => a + b, 0);
  let digits = input.replace(/\D/g, '').slice(0, max);
  const parts: string[] = [];
  for (const size of groups) {
    if (digits.length === 0) break;
    parts.push(digits.slice(0, size));
    digits = digits.slice(size);
  }
  return parts.join(separator);
};

/** Tax id masks (bookings §5): SSN 3-2-4, EIN 2-7. */
export const SSN_MASK = [3, 2, 4] as const;
export const EIN_MASK = [2, 7] as const;
export const maskSsn = (input: string): string => maskDigits(input, SSN_MASK, '-');
export const maskEin = (input: string): string => maskDigits(input, EIN_MASK, '-');
