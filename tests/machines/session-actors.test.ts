import { describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { accountIdOf } from '../../src/machines/flows/session-actors';
import { Invalid } from '../../src/core/ports/errors';

describe('the account id a switch sends (checked by hand: the session actors are on the boot path)', () => {
  it('passes a record id', () => {
    expect(Effect.runSync(accountIdOf('0123456789abcdef01234567'))).toBe('0123456789abcdef01234567');
  });
  it('refuses anything else as Invalid, before any call', () => {
    for (const bad of ['', '0123456789ABCDEF01234567', '0123456789abcdef0123456', '0123456789abcdef012345678', 'zz23456789abcdef01234567']) {
      const error = Effect.runSync(Effect.flip(accountIdOf(bad)));
      expect(error).toBeInstanceOf(Invalid);
      expect(error.message).toMatch(/^Invalid account id: /);
      expect(error.code).toBe('invalid');
    }
  });
});
