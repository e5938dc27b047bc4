import { describe, expect, it } from 'vitest';
import { canSubmitLogin, loginOutcome } from '../../../src/core/rules/login';

describe('login outcomes (accounts §4)', () => {
  it('logged in', () => {
    expect(loginOutcome({ message: 'ok', loggedIn: true, token: 't' })).toEqual({ type: 'loggedIn', token: 't' });
  });
  it('SMS confirmation needed', () => {
    expect(loginOutcome({ message: 'confirm', code: 'AccountRequiresSMSConfirmation', loggedIn: false })).toEqual({ type: 'smsConfirmation', message: 'confirm' });
  });
  it('temporary password must be reset', () => {
    expect(loginOutcome({ message: 'reset', loggedIn: false, resetPasswordOnLogin: true, temporaryResetToken: 'tmp' })).toEqual({
      type: 'temporaryPasswordReset',
      temporaryToken: 'tmp',
    });
  });
  it('error with the catalogue text', () => {
    expect(loginOutcome({ message: 'x', code: 'login_db_connection_err', loggedIn: false })).toEqual({
      type: 'error',
      message: 'Database connection error',
      code: 'login_db_connection_err',
    });
    expect(loginOutcome({ message: 'ok', loggedIn: true })).toMatchObject({ type: 'error' });
  });
  it('needs a username', () => {
    expect(canSubmitLogin(' ', 'pw')).toBe(false);
    expect(canSubmitLogin('a@b.co', 'pw')).toBe(true);
    expect(canSubmitLogin('a@b.co', '')).toBe(false);
  });
});
