import { randomBytes } from 'node:crypto';

/** A new record id: 24 lower-case hex characters (96 random bits). */
export const newId = (): string => randomBytes(12).toString('hex');
