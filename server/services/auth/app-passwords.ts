/** App passwords: extra passwords a user keeps for other apps; login accepts them too. */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { newId } from '../../db/ids';
import { appPasswords } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../errors';
import { LIMITS } from '../rate-limit';
import { assertAcceptablePassword } from '../passwords-policy';
import { passwordKey } from '../users';
import type { AuthService } from './api';
import type { AuthDeps } from './support';

/** App passwords kept per user. */
export const MAX_APP_PASSWORDS = 10;

export const APP_PASSWORD_TEXTS = {
  appPasswordSaved: 'App password saved.',
  appPasswordLimit: `You already have ${MAX_APP_PASSWORDS} app passwords.`,
  passwordFirst: 'Set a password for your account first: an app password needs it.',
  notFound: 'No such app password.',
} as const;

export type AppPasswords = ReturnType<typeof createAppPasswords>;

export const createAppPasswords = ({ db, clock, users, rateLimit }: Pick<AuthDeps, 'db' | 'clock' | 'users' | 'rateLimit'>) => {
  const now = () => clock.now();

  /** The id of the user's live (not revoked) app password that `password` is, or undefined. */
  const matchesAppPassword = async (userId: string, password: string): Promise<string | undefined> => {
    const rows = await db.select().from(appPasswords).where(and(eq(appPasswords.userId, userId), isNull(appPasswords.revokedAt)));
    for (const row of rows) {
      if (await verifyPassword(password, row.passwordHash)) {
        await db.update(appPasswords).set({ lastUsedAt: now() }).where(eq(appPasswords.id, row.id));
        return row.id;
      }
    }
    return undefined;
  };

  const listOf = async (userId: string) => ({
    items: (
      await db
        .select()
        .from(appPasswords)
        .where(and(eq(appPasswords.userId, userId), isNull(appPasswords.revokedAt)))
        .orderBy(desc(appPasswords.createdAt), desc(appPasswords.id))
    ).map((row) => ({ _id: row.id, name: row.name, created: row.createdAt.toISOString(), last_used: row.lastUsedAt?.toISOString() ?? null })),
  });

  const calls: Pick<AuthService, 'generateAppPassword' | 'listAppPasswords' | 'revokeAppPassword'> = {
    async generateAppPassword(auth, { password, current_password, name }, language) {
      // Creating one needs the person's own password (issue 21): a stolen session alone cannot mint a lasting way in.
      const user = await users.byId(auth.userId);
      if (!user) throw unauthorized();
      if (!user.passwordHash) throw badRequest(APP_PASSWORD_TEXTS.passwordFirst, 'password_required');
      const key = passwordKey(user.id);
      await rateLimit.assertAllowed(key, LIMITS.login);
      if (!(await verifyPassword(current_password, user.passwordHash))) {
        await rateLimit.hit(key, LIMITS.login);
        throw badRequest('Your current password is not correct', 'invalid_old_password');
      }
      await assertAcceptablePassword(password, language);
      const [row] = await db.select({ n: count() }).from(appPasswords).where(and(eq(appPasswords.userId, auth.userId), isNull(appPasswords.revokedAt)));
      if ((row?.n ?? 0) >= MAX_APP_PASSWORDS) throw conflict(APP_PASSWORD_TEXTS.appPasswordLimit, 'app_password_limit');
      const id = newId();
      await db.insert(appPasswords).values({ id, userId: auth.userId, passwordHash: await hashPassword(password), name: name?.trim() || null, createdAt: now() });
      return { message: APP_PASSWORD_TEXTS.appPasswordSaved, _id: id };
    },

    listAppPasswords: (auth) => listOf(auth.userId),

    async revokeAppPassword(auth, id) {
      // Only the caller's own: another user's id is not there (404). Its sessions end with it (server/auth/tokens.ts).
      const revoked = await db
        .update(appPasswords)
        .set({ revokedAt: now() })
        .where(and(eq(appPasswords.id, id), eq(appPasswords.userId, auth.userId), isNull(appPasswords.revokedAt)))
        .returning({ id: appPasswords.id });
      if (!revoked.length) throw notFound(APP_PASSWORD_TEXTS.notFound, 'not_found');
      return listOf(auth.userId);
    },
  };
  return { matchesAppPassword, calls };
};
