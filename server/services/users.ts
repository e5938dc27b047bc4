import { organizationApprovalStatusOf } from '../../src/core/rules/organization-approval';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import type { AccountType, Role } from '../../src/core/model/roles';
import { MESSAGES } from '../../src/core/rules/messages';
import type { AuthContext } from '../auth/context';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { roleOf, type SessionRecord } from '../auth/tokens';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { accounts, appPasswords, deviceTokens, screenViews, users } from '../db/schema';
import type { LiveHub } from '../adapters/live';
import { badRequest, notFound, unauthorized } from '../errors';
import { LIMITS, type RateLimiter } from './rate-limit';
import { type Language, assertAcceptablePassword, languageOfRequest } from './passwords-policy';

/** Wrong current passwords of a signed-in user (password change, new app password): per user, never the sign-in's key. */
export const passwordKey = (userId: string) => `password:${userId}`;

export type UserInfo = components['schemas']['UserInfo'];
export type AccountWire = components['schemas']['Account'];
export type UserRow = typeof users.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
type UpdateUserRequest = components['schemas']['UpdateUserRequest'];

/** Emails are compared and stored trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();


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
  updatePassword(auth: AuthContext, body: { oldPassword?: string; password: string }, acceptLanguage?: string): Promise<{ message: string }>;
  /** The person's language (server/services/passwords-policy.ts): the active (else default) account's preference, else the browser's. */
  languageOf(who: { readonly userId: string; readonly accountId?: string | null }, acceptLanguage: string | undefined): Promise<Language>;
  recordScreenView(auth: AuthContext, body: { screen: string; path?: string }): Promise<{ success: boolean }>;
}

/**
 * What a new password ends (issue 21; accounts §4): every session signed in before now but `keptSessionId` (the one
 * that changed it, none after a reset), the e-mailed links issued before (the token version), and every app password.
 * Written with the password in `tx`; the caller drops the live connections (`live.endSessions`) after.
 */
export const endCredentials = async (tx: Pick<Db, 'update'>, user: Pick<UserRow, 'id' | 'tokenVersion'>, now: Date, keptSessionId: string | null) => {
  await tx.update(appPasswords).set({ revokedAt: now }).where(and(eq(appPasswords.userId, user.id), isNull(appPasswords.revokedAt)));
  return { tokenVersion: user.tokenVersion + 1, keptSessionId } as const;
};

export const createUserService = ({ db, clock, rateLimit, live }: { db: Db; clock: Clock; rateLimit: RateLimiter; live?: Pick<LiveHub, 'endSessions'> }): UserService => {
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

  const languageOf: UserService['languageOf'] = async ({ userId, accountId }, acceptLanguage) => {
    const owned = await accountsOf(userId);
    const account = owned.find((a) => a.id === accountId) ?? owned.find((a) => a.id === owned.map((o) => o.meta.last_active_account).find(Boolean)) ?? owned[0];
    return languageOfRequest(acceptLanguage, account?.settings.language_preference ?? null);
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
    languageOf,
    async updatePassword(auth, { oldPassword, password }, acceptLanguage) {
      const user = await byId(auth.userId);
      if (!user) throw unauthorized();
      // Wrong current passwords count per user, apart from sign-in: a stolen session cannot lock the owner out.
      const key = passwordKey(user.id);
      if (user.passwordHash) {
        await rateLimit.assertAllowed(key, LIMITS.login);
        if (oldPassword === undefined || !(await verifyPassword(oldPassword, user.passwordHash))) {
          await rateLimit.hit(key, LIMITS.login);
          throw badRequest('Your current password is not correct', 'invalid_old_password');
        }
      }
      await assertAcceptablePassword(password, await languageOf(auth, acceptLanguage));
      const passwordHash = await hashPassword(password);
      // Every other session ends, the reset links mailed before are void, app passwords are revoked (issue 21).
      const keep = auth.session?.id ?? null;
      await db.transaction(async (tx) => {
        const ended = await endCredentials(tx, user, clock.now(), keep);
        await tx.update(users).set({ passwordHash, temporaryPassword: false, ...ended }).where(eq(users.id, user.id));
      });
      live?.endSessions(user.id, keep ?? undefined);
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

