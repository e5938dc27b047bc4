/** App passwords: extra passwords a user keeps for other apps; login accepts them too. */
import { count, eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { newId } from '../../db/ids';
import { appPasswords } from '../../db/schema';
import { conflict } from '../../errors';
import { assertValidPassword } from '../users';
import type { AuthService } from './api';
import type { AuthDeps } from './support';

/** App passwords kept per user. */
export const MAX_APP_PASSWORDS = 10;

export const APP_PASSWORD_TEXTS = {
  appPasswordSaved: 'App password saved.',
  appPasswordLimit: `You already have ${MAX_APP_PASSWORDS} app passwords.`,
} as const;

export type AppPasswords = ReturnType<typeof createAppPasswords>;

export const createAppPasswords = ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>) => {
  const now = () => clock.now();

  const matchesAppPassword = async (userId: string, password: string): Promise<boolean> => {
    const rows = await db.select().from(appPasswords).where(eq(appPasswords.userId, userId));
    for (const row of rows) {
      if (await verifyPassword(password, row.passwordHash)) {
        await db.update(appPasswords).set({ lastUsedAt: now() }).where(eq(appPasswords.id, row.id));
        return true;
      }
    }
    return false;
  };

  const calls: Pick<AuthService, 'generateAppPassword'> = {
    async generateAppPassword(auth, { password }) {
      assertValidPassword(password);
      const [row] = await db.select({ n: count() }).from(appPasswords).where(eq(appPasswords.userId, auth.userId));
      if ((row?.n ?? 0) >= MAX_APP_PASSWORDS) throw conflict(APP_PASSWORD_TEXTS.appPasswordLimit, 'app_password_limit');
      const id = newId();
      await db.insert(appPasswords).values({ id, userId: auth.userId, passwordHash: await hashPassword(password), createdAt: now() });
      return { message: APP_PASSWORD_TEXTS.appPasswordSaved, _id: id };
    },
  };
  return { matchesAppPassword, calls };
};
