import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema';

/** True when no user exists yet: the first start of an embedded database, which then gets the demo data. */
export const isEmpty = async (db: Db): Promise<boolean> => {
  const [row] = await db.select({ exists: sql<boolean>`exists(select 1 from ${users})` }).from(sql`(select 1) as one`);
  return !row?.exists;
};
