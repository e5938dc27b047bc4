/** Users, accounts and login outcomes shared by the session chart's model and its behaviour tests. */
import type { ChangeAccountResult, LoginResult } from '../../../src/core/model/auth';
import type { AccountId, NotificationId, UserId } from '../../../src/core/model/ids';
import type { LanguagePreference } from '../../../src/core/model/language';
import type { LiveMessage } from '../../../src/core/model/live';
import type { Notification } from '../../../src/core/model/notification';
import type { Account, UserInfo } from '../../../src/core/model/user';
import { ApiError, NetworkError, Unauthorized } from '../../../src/core/ports/errors';
import type { LoadedUser } from '../../../src/machines/flows/session.machine';

export const CUSTOMER_ACCOUNT_ID = 'c0000000000000000000000a' as AccountId;
export const AFFILIATE_ACCOUNT_ID = 'a0000000000000000000000a' as AccountId;
export const UNKNOWN_ACCOUNT_ID = 'f0000000000000000000000f';

export const account = (
  _id: AccountId,
  type: Account['type'],
  language_preference: LanguagePreference = 'default',
  meta: Account['meta'] = { initialSetup: true },
): Account => ({ _id, type, primary_email: `${type}@tendwell.test`, first_name: 'Alex', meta, settings: { language_preference } });

export const customerAccount = account(CUSTOMER_ACCOUNT_ID, 'customer');
export const affiliateAccount = account(AFFILIATE_ACCOUNT_ID, 'affiliate', 'en');

const user = (role: UserInfo['role'], accounts: readonly Account[], active: Account | null): UserInfo => ({
  _id: 'e0000000000000000000000a' as UserId,
  email: 'multi@tendwell.test',
  role,
  first_name: 'Alex',
  accounts: accounts.map((a) => ({ id: a._id, type: a.type })),
  account: active,
});

/** multi@: a customer account (language 'default') and an affiliate account; the customer one is active. */
export const multiUser = user('customer', [customerAccount, affiliateAccount], customerAccount);
/** multi@ once the browser's Spanish was saved to the customer account. */
export const multiUserInSpanish: UserInfo = { ...multiUser, account: { ...customerAccount, settings: { language_preference: 'es' } } };
/** The same person after switching to the affiliate account. */
export const multiAsAffiliate = user('affiliate', [customerAccount, affiliateAccount], affiliateAccount);
/** super@: no accounts, and none needed. */
export const superUser = user('super', [], null);
/** A login without any account: role none. */
export const nobody = user('customer', [], null);

export const loaded = (u: UserInfo): LoadedUser => ({ user: u, accounts: u.account ? [u.account] : [] });

export const TOKEN = 'token-1';

export const loginResults = {
  loggedIn: { message: 'Logged in', code: 'logged_in', loggedIn: true, resetPasswordOnLogin: false, token: TOKEN } satisfies LoginResult,
  refused: { message: 'Invalid username or password', code: 'invalid_credentials', loggedIn: false } satisfies LoginResult,
  sms: {
    message: 'Your account needs to be confirmed by SMS. We sent you a new code.',
    code: 'AccountRequiresSMSConfirmation',
    loggedIn: false,
    resetPasswordOnLogin: false,
  } satisfies LoginResult,
  temporary: {
    message: 'Please replace your temporary password to continue.',
    code: 'temporary_password',
    loggedIn: false,
    resetPasswordOnLogin: true,
    temporaryResetToken: 'temp-1',
  } satisfies LoginResult,
} as const;

export const switched: ChangeAccountResult = { token: TOKEN, account: affiliateAccount };

export const notification: Notification = {
  _id: 'd0000000000000000000000a' as NotificationId,
  type: 'info',
  dismissed: false,
  has_read: false,
  created: '2030-06-15T09:00:00.000Z',
  title: 'Welcome to Tendwell',
};

/** An inbound message pushed on the live connection (accounts §3). */
export const inboundMessage: LiveMessage = {
  accountId: CUSTOMER_ACCOUNT_ID,
  accountType: 'customer',
  connectType: 'SMS',
  preview: 'Can you come on Friday?',
  fromAddress: '+15555550100',
};

export const failures = {
  unauthorized: new Unauthorized({}),
  network: new NetworkError({}),
  server: new ApiError({ message: 'Internal error', code: 'internal', status: 500 }),
  switchRefused: new ApiError({ message: 'You are not allowed to do this.', code: 'forbidden', status: 403 }),
};
