import { describe, expect, it } from 'vitest';
import { loginExit, loginRules, sessionRules, visitedAccount, visitQuery, visitRules } from '../../../src/core/rules/session';
import { Unauthorized, ApiError } from '../../../src/core/ports/errors';
import { loginResults, multiUser, nobody, superUser, AFFILIATE_ACCOUNT_ID, CUSTOMER_ACCOUNT_ID, UNKNOWN_ACCOUNT_ID } from '../../machines/models/session.fixtures';

describe('the session rules', () => {
  it('login needs a username (and a password to send)', () => {
    expect(loginRules.canSubmit.test({ username: ' pat@example.com ', password: 'x' })).toBe(true);
    expect(loginRules.canSubmit.test({ username: '   ', password: 'x' })).toBe(false);
    expect(loginRules.refused.test({ result: loginResults.refused })).toBe(true);
    expect(loginRules.refused.test({ result: loginResults.loggedIn })).toBe(false);
  });

  it('log out a login with role none, or a non-super user without accounts', () => {
    expect(sessionRules.noAccess.test({ user: nobody })).toBe(true);
    expect(sessionRules.noAccess.test({ user: superUser })).toBe(false);
    expect(sessionRules.noAccess.test({ user: multiUser })).toBe(false);
  });

  it('recognise the 401 of a refused token, not other failures', () => {
    expect(sessionRules.tokenRejected.test({ error: new Unauthorized({}) })).toBe(true);
    expect(sessionRules.tokenRejected.test({ error: new ApiError({ message: 'x', code: 'y', status: 401 }) })).toBe(false);
  });

  it('send a 401 to /login with redirectFrom, unless already there', () => {
    expect(loginExit('/billing?tab=2')).toBe('/login?redirectFrom=%2Fbilling%3Ftab%3D2');
    expect(loginExit('/login?redirectFrom=%2Fbilling')).toBeNull();
    expect(loginExit('/')).toBe('/login');
  });

  it('tell the active account and the accounts a user has', () => {
    expect(sessionRules.activeAccount.test({ user: multiUser, accountId: CUSTOMER_ACCOUNT_ID })).toBe(true);
    expect(sessionRules.ownsAccount.test({ user: multiUser, accountId: AFFILIATE_ACCOUNT_ID })).toBe(true);
    expect(sessionRules.ownsAccount.test({ user: multiUser, accountId: UNKNOWN_ACCOUNT_ID })).toBe(false);
    expect(sessionRules.ownsAccount.test({ user: null, accountId: AFFILIATE_ACCOUNT_ID })).toBe(false);
  });

  it("save the browser language only for a 'default' preference", () => {
    expect(sessionRules.defaultLanguage.test({ preference: 'default', browserLanguage: 'es-MX' })).toBe(true);
    expect(sessionRules.defaultLanguage.test({ preference: 'en', browserLanguage: 'es-MX' })).toBe(false);
    expect(sessionRules.defaultLanguage.test({ preference: undefined, browserLanguage: 'es-MX' })).toBe(false);
  });

  it('act on the routes that act on arrival: /logout, /auth/switch-account/{id}, /login?id_token=', () => {
    const visit = (name: string, params: Record<string, string> = {}, query: Record<string, string> = {}) => ({ name, params, query });
    expect(visitRules.logout.test({ visit: visit('logout') })).toBe(true);
    expect(visitRules.logout.test({ visit: visit('login') })).toBe(false);
    expect(visitRules.logout.test({ visit: null })).toBe(false);
    expect(visitRules.switchAccount.test({ visit: visit('switchAccount', { account_id: AFFILIATE_ACCOUNT_ID }) })).toBe(true);
    expect(visitedAccount(visit('switchAccount', { account_id: AFFILIATE_ACCOUNT_ID }))).toBe(AFFILIATE_ACCOUNT_ID);
    expect(visitRules.switchAccount.test({ visit: visit('logout', { account_id: AFFILIATE_ACCOUNT_ID }) })).toBe(false);
    expect(visitRules.idToken.test({ visit: visit('login', {}, { id_token: 'quick-1' }) })).toBe(true);
    expect(visitRules.idToken.test({ visit: visit('login', {}, { id_token: '' }) })).toBe(false);
    expect(visitRules.idToken.test({ visit: visit('register', {}, { id_token: 'quick-1' }) })).toBe(false);
    expect(visitRules.confirmAccount.test({ visit: visit('login', {}, { confirm_account: 'c-1' }) })).toBe(true);
    expect(visitRules.claimAccount.test({ visit: visit('login', {}, { confirm_account: 'c-1' }) })).toBe(false);
    expect(visitQuery(visit('login', {}, { claim_account: 'k-1' }), 'login', 'claim_account')).toBe('k-1');
  });
});
