/** Verification codes are 4 digits; the field auto-submits when the fourth arrives (accounts §5). */
export const CODE_LENGTH = 4;

/** Digits only, at most four (what the code field keeps as the user types or pastes). */
export const sanitizeCode = (input: string): string => input.replace(/\D/g, '').slice(0, CODE_LENGTH);

export const isCompleteCode = (code: string): boolean => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
