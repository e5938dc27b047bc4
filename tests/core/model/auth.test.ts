import { describe, expect, it } from 'vitest';
import { ChangeAccountResult, ConfirmCodeResult, LoginRequest, LoginResult, RegisterQuickResult } from '../../../src/core/model/auth';
import { fails, id, ok } from './helpers';

describe('auth payloads', () => {
  it('login needs a username', () => {
    expect(ok(LoginRequest, { username: 'a@b.co', password: 'x' }).username).toBe('a@b.co');
    expect(fails(LoginRequest, { username: '', password: 'x' })).toMatch(/Username is required/);
  });
  it('login result: message, code, loggedIn, resetPasswordOnLogin, token', () => {
    expect(ok(LoginResult, { message: 'ok', code: null, loggedIn: true, resetPasswordOnLogin: false, token: 't' }).token).toBe('t');
    expect(ok(LoginResult, { message: 'reset', loggedIn: false, resetPasswordOnLogin: true, temporaryResetToken: 'tmp' }).temporaryResetToken).toBe('tmp');
    expect(fails(LoginResult, { message: 'x' })).toBeDefined();
  });
  it('quick registration returns id_token and reset_token', () => {
    expect(ok(RegisterQuickResult, { id_token: 'a', reset_token: 'b' }).reset_token).toBe('b');
    expect(fails(RegisterQuickResult, { id_token: 'a' })).toBeDefined();
  });
  it('code confirmation returns the role', () => {
    expect(ok(ConfirmCodeResult, { token: 't', role: 'customer' }).role).toBe('customer');
    expect(fails(ConfirmCodeResult, { token: 't', role: 'king' })).toBeDefined();
  });
  it('change-account returns token and account', () => {
    const account = { _id: id(2), type: 'vendor', primary_email: 'v@b.co', meta: {}, settings: {} };
    expect(ok(ChangeAccountResult, { token: 't', account }).account.type).toBe('vendor');
  });
});
