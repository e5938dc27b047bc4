/**
 * `npm run db:seed` — empties the configured database and seeds the demo marketplace again (password
 * 'tendwell-demo' for every login). Refuses to run with NODE_ENV=production.
 */
import { systemClock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { DEMO_USERS, seedDemo, wipeDatabase } from './seed';

const main = async () => {
  if (process.env.NODE_ENV === 'production') {
    console.error('db:seed refuses to run with NODE_ENV=production: it deletes every record.');
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await database.migrate();
    await wipeDatabase(database.db);
    await seedDemo(database.db, systemClock);
  } finally {
    await database.close();
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Seeded the demo marketplace in ${where}. Logins (password: tendwell-demo):`);
  for (const user of DEMO_USERS) console.log(`  ${user.email}`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
