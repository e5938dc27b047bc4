import { organizationApprovalStatusOf } from '../../src/core/rules/organization-approval';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AccountType, Role } from '../../src/core/model/roles';
import { INVALID_PASSWORD, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, isValidPassword } from '../../src/core/rules/password';
import { MESSAGES } from '../../src/core/rules/messages';
import type { AuthContext } from '../auth/context';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { roleOf, type SessionRecord } from '../auth/tokens';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { accounts, deviceTokens, screenViews, users } from '../db/schema';
import { badRequest, notFound, unauthorized } from '../errors';
import { LIMITS, type RateLimiter } from './rate-limit';

export type UserInfo = components['schemas']['UserInfo'];
export type AccountWire = components['schemas']['Account'];
export type UserRow = typeof users.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
type UpdateUserRequest = components['schemas']['UpdateUserRequest'];

/** Emails are compared and stored trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** 400 'Invalid Password: …' unless the password meets the rules of accounts §5 (6 to 128 characters). */
export const assertValidPassword = (password: string): void => {
  if (!isValidPassword(password)) {
    throw badRequest(`${INVALID_PASSWORD}: use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`, 'invalid_password');
  }
};

export const accountWire = (row: AccountRow): AccountWire => ({
  _id: row.id,
  type: row.type,
  primary_email: row.primaryEmail,
  first_name: row.firstName,
  meta: {
    initialSetup: row.meta.initialSetup ?? false,
    skipOnboarding: row.meta.skipOnboarding ?? false,
    isApproved: row.meta.isApproved ?? true,
    last_active_account: row.meta.last_active_account ?? null,
    ...(row.type === 'organization' ? { approval_status: organizationApprovalStatusOf(row.meta) } : {}),
  },
  settings: { language_preference: row.settings.language_preference ?? 'default', stripe_id: row.settings.stripe_id ?? null },
  integrations: row.integrations,
  preferences: row.preferences,
  referred_by: row.referredBy,
  created: row.createdAt.toISOString(),
});

export interface UserService {
  byId(userId: string): Promise<UserRow | undefined>;
  byEmail(email: string): Promise<UserRow | undefined>;
  accountsOf(userId: string): Promise<AccountRow[]>;
  /** The account a new session starts with: the last active one, else the oldest. */
  defaultAccount(userId: string): Promise<AccountRow | null>;
  /** The user info for a session of `accountId` (or of no account). */
  info(userId: string, accountId: string | null, record?: SessionRecord): Promise<UserInfo>;
  /** GET user/accounts: the caller's accounts, oldest first. */
  listAccounts(auth: AuthContext): Promise<AccountWire[]>;
  update(auth: AuthContext, body: UpdateUserRequest, platform: string | undefined): Promise<UserInfo>;
  updatePassword(auth: AuthContext, body: { oldPassword?: string; password: string }): Promise<{ message: string }>;
  recordScreenView(auth: AuthContext, body: { screen: string; path?: string }): Promise<{ success: boolean }>;
}

export const createUserService = ({ db, clock, rateLimit }: { db: Db; clock: Clock; rateLimit: RateLimiter }): UserService => {
  const byId = async (userId: string) => (await db.select().from(users).where(eq(users.id, userId)))[0];
  const accountsOf = (userId: string) => db.select().from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.createdAt), asc(accounts.id));

  // The user and its accounts in one round trip, as a prepared statement (built and planned once: this runs on
  // every GET /api/user).
  const userWithAccounts = db
    .select({ user: users, account: accounts })
    .from(users)
    .leftJoin(accounts, eq(accounts.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .prepare('tendwell_user_info');

  /**
   * The user info of a session of `accountId` (or of no account). `record` is the user and its accounts as the
   * session check of this very request read them (TokenService.sessionRecord): then no second query is needed.
   */
  const info = async (userId: string, accountId: string | null, record?: SessionRecord): Promise<UserInfo> => {
    let user: UserRow | undefined;
    let owned: readonly AccountRow[];
    if (record && record.user.id === userId) {
      ({ user, accounts: owned } = record);
    } else {
      const rows = await userWithAccounts.execute({ userId });
      user = rows[0]?.user;
      owned = rows.flatMap((r) => (r.account ? [r.account] : []));
    }
    if (!user) throw unauthorized();
    const active = owned.find((a) => a.id === accountId) ?? null;
    const role: Role = roleOf(user.role, (active?.type ?? null) as AccountType | null);
    return {
      _id: user.id,
      email: user.email,
      role,
      first_name: user.firstName,
      last_name: user.lastName,
      accounts: owned.map((a) => ({ id: a.id, type: a.type })),
      registerVersion: user.registerVersion,
      status: user.status,
      phone: user.phone,
      phoneConfirmed: user.phoneConfirmed,
      account: active ? accountWire(active) : null,
    };
  };

  const setField = async (auth: AuthContext, key: NonNullable<UpdateUserRequest['key']>, val: string, platform: string | undefined) => {
    switch (key) {
      case 'device_token':
        await db
          .insert(deviceTokens)
          .values({ id: newId(), userId: auth.userId, token: val, platform: platform ?? null, createdAt: clock.now() })
          .onConflictDoNothing();
        return;
      case 'remove_device_token':
        await db.delete(deviceTokens).where(and(eq(deviceTokens.userId, auth.userId), eq(deviceTokens.token, val)));
        return;
      case 'first_name':
      case 'last_name': {
        const name = val.trim();
        if (!name || name.length > 100) throw badRequest(`Field '${key}' must be 1 to 100 characters`);
        await db
          .update(users)
          .set(key === 'first_name' ? { firstName: name } : { lastName: name })
          .where(eq(users.id, auth.userId));
        return;
      }
      case 'language_preference': {
        if (val !== 'en' && val !== 'es' && val !== 'default') throw badRequest("Field 'language_preference' must be one of: en, es, default");
        if (!auth.accountId) throw badRequest('There is no active account to save the language for', 'no_active_account');
        const [account] = await db.select().from(accounts).where(and(eq(accounts.id, auth.accountId), eq(accounts.userId, auth.userId)));
        if (!account) throw notFound();
        await db
          .update(accounts)
          .set({ settings: { ...account.settings, language_preference: val } })
          .where(eq(accounts.id, account.id));
        return;
      }
    }
  };

  return {
    byId,
    byEmail: async (email) => (await db.select().from(users).where(eq(users.email, normalizeEmail(email))))[0],
    accountsOf,
    async defaultAccount(userId) {
      const owned = await accountsOf(userId);
      const last = owned.map((a) => a.meta.last_active_account).find((id): id is string => typeof id === 'string');
      return owned.find((a) => a.id === last) ?? owned[0] ?? null;
    },
    info,
    listAccounts: async (auth) => (await accountsOf(auth.userId)).map(accountWire),
    async update(auth, body, platform) {
      const { key, val, ...fields } = body;
      if ((key === undefined) !== (val === undefined)) throw badRequest('Send key and val together');
      if (key === undefined && Object.keys(fields).length === 0) throw badRequest('Nothing to update');
      if (key !== undefined && val !== undefined) await setField(auth, key, val, platform);
      if (fields.first_name !== undefined) await setField(auth, 'first_name', fields.first_name, platform);
      if (fields.last_name !== undefined) await setField(auth, 'last_name', fields.last_name, platform);
      if (fields.language_preference !== undefined) await setField(auth, 'language_preference', fields.language_preference, platform);
      return info(auth.userId, auth.accountId);
    },
    async updatePassword(auth, { oldPassword, password }) {
      const user = await byId(auth.userId);
      if (!user) throw unauthorized();
      const key = `login:${user.email}`;
      if (user.passwordHash) {
        await rateLimit.assertAllowed(key, LIMITS.login);
        if (oldPassword === undefined || !(await verifyPassword(oldPassword, user.passwordHash))) {
          await rateLimit.hit(key, LIMITS.login);
          throw badRequest('Your current password is not correct', 'invalid_old_password');
        }
      }
      assertValidPassword(password);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), temporaryPassword: false })
        .where(eq(users.id, user.id));
      return { message: MESSAGES.password_updated };
    },
    async recordScreenView(auth, { screen, path }) {
      await db.insert(screenViews).values({
        id: newId(),
        userId: auth.userId,
        accountId: auth.accountId,
        screen: screen.trim(),
        path: path ?? null,
        createdAt: clock.now(),
      });
      return { success: true };
    },
  };
};

