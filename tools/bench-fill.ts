/**
 * `npm run bench -- dayview` fills the demo organization with appointments before it measures its day view:
 * copies of vendor@'s seeded visits (same customer, service and address, another id and start), spread over
 * the days around today at 15-minute steps between 8 AM and 8 PM, all confirmed. Run on a stopped server's
 * data (PGlite is one process at a time): DATABASE_URL, or DATA_DIR.
 *
 *   tsx tools/bench-fill.ts <count>
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { newId } from '../server/db/ids';
import { accounts, appointments } from '../server/db/schema';

const DAY = 24 * 60 * 60 * 1000;
/** Appointments per day: 10,000 over 100 days, 100 a day, one vendor's busy day (a stress figure). */
const PER_DAY = 100;

const main = async () => {
  const count = Number(process.argv[2] ?? 10_000);
  const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? '.data' });
  try {
    await database.migrate();
    const db = database.db;
    const [vendor] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.primaryEmail, 'vendor@tendwell.test'));
    if (!vendor) throw new Error('no vendor@tendwell.test account: seed the demo first');
    const templates = await db.select().from(appointments).where(eq(appointments.vendorAccountId, vendor.id));
    if (!templates.length) throw new Error('vendor@ has no appointment to copy');
    const today = new Date();
    today.setHours(8, 0, 0, 0);
    const days = Math.ceil(count / PER_DAY);
    const first = today.getTime() - Math.floor(days / 2) * DAY;
    const rows = Array.from({ length: count }, (_, i) => {
      const template = templates[i % templates.length]!;
      const day = Math.floor(i / PER_DAY);
      // 48 quarter hours between 8 AM and 8 PM; a busy day has several visits in one slot (a crew).
      const start = new Date(first + day * DAY + ((i % PER_DAY) % 48) * 15 * 60 * 1000);
      return { ...template, id: newId(), status: 'active' as const, startTime: start, occurrence: null, completedAt: null, note: null, createdAt: new Date(), updatedAt: new Date() };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(appointments).values(rows.slice(i, i + 500));
    console.log(`bench-fill: ${count} appointments for vendor@ over ${days} days around today`);
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  console.error(`bench-fill: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
