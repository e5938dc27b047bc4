import { describe, expect, it } from 'vitest';
import * as C from '../../../src/core/rules/constants';
import pkg from '../../../package.json' with { type: 'json' };

describe('business constants (accounts §9)', () => {
  it('has the spec values', () => {
    expect(C.CLIENT_VERSION).toBe('1.2.34');
    expect(C.TOAST_TIMEOUT_MS).toBe(5000);
    expect(C.RESET_MESSAGE_MS).toBe(4000);
    expect(C.LOGOUT_DELAY_MS).toBe(200);
    expect(C.COPY_CONFIRMATION_MS).toBe(3000);
    expect(C.DEFAULT_DELAY_MS).toBe(540);
    expect(C.INITIAL_SETUP_WAIT_MS).toBe(1100);
    expect(C.QUICK_REGISTER_WAIT_MS).toBe(500);
    expect(C.QUICK_REGISTER_CUSTOMER_WAIT_MS).toBe(1000);
    expect(C.LAZY_SCREEN_TIMEOUT_MS).toBe(120_000);
    expect(C.SOCKET_RECONNECT_MS).toBe(500);
    expect(C.ADMIN_POPUP).toEqual({ width: 1140, height: 800 });
    expect(C.AFFILIATE_COOKIE_DAYS).toBe(365);
    expect(C.DEFAULT_COOKIE_DAYS).toBe(30);
    expect(C.COOKIE_SAME_SITE).toBe('Lax');
    expect(C.TABLE_PAGE_SIZE).toBe(10);
    expect(C.NOTIFICATION_RANGE_DAYS).toBe(30);
    expect(C.CONTENT_MAX_WIDTH).toBe('1240px');
    expect(C.REFERRAL_REWARD_CENTS).toBe(100);
    expect(C.HOVER_CARD_CACHE_MS).toBe(300_000);
  });
  it('the client version is the package version', () => {
    expect(C.CLIENT_VERSION).toBe(pkg.version);
  });
});
