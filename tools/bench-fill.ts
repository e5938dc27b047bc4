/**
 * `npm run bench -- dayview` fills the demo organization with appointments before it measures its day views.
 * An organization of 10,000 appointments, as one would have them: organization@ gets `VENDORS` vendors (vendor@
 * and copies of it, `bench-vendor-N@tendwell.test`), each with `PER_VENDOR_DAY` visits a day (one every 45
 * minutes from 8 AM in the demo zone) over the days around today; the visits are copies of vendor@'s seeded ones
 * (same customer, service and address, new ids), all confirmed. So a vendor's day view carries about 10 visits and
 * the organization's day view about 100. Run on a stopped server's data (PGlite is one process at a time):
 * DATABASE_URL, or DATA_DIR.
 *
 *   tsx tools/bench-fill.ts <count>
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { newId } from '../server/db/ids';
import { accounts, appointments, users, vendorOrganizations } from '../server/db/schema';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** Vendors of the organization (vendor@ and copies). */
const VENDORS = 10;
/** A vendor's visits a day: a crew's full day of mowing at 45 minutes a visit. */
const PER_VENDOR_DAY = 10;
/** 8 AM in the demo zone (America/Chicago, UTC-6 in winter) as a UTC hour. */
const FIRST_VISIT_UTC_HOUR = 14;

const main = async () => {
  const count = Number(process.argv[2] ?? 10_000);
  const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? '.data' });
  try {
    await database.migrate();
    const db = database.db;
    const [vendor] = await db.select().from(accounts).where(eq(accounts.primaryEmail, 'vendor@tendwell.test'));
    const [organization] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.primaryEmail, 'organization@tendwell.test'));
    if (!vendor || !organization) throw new Error('no vendor@ or organization@ account: seed the demo first');
    const [vendorUser] = await db.select().from(users).where(eq(users.id, vendor.userId));
    if (!vendorUser) throw new Error("vendor@'s user is missing");
    const templates = await db.select().from(appointments).where(eq(appointments.vendorAccountId, vendor.id));
    if (!templates.length) throw new Error('vendor@ has no appointment to copy');

    const vendorIds = [vendor.id];
    for (let n = 1; n < VENDORS; n++) {
      const email = `bench-vendor-${n}@tendwell.test`;
      const userId = newId();
      const accountId = newId();
      await db.insert(users).values({ ...vendorUser, id: userId, email, phone: null, firstName: `Bench${n}`, createdAt: new Date() });
      await db.insert(accounts).values({ ...vendor, id: accountId, userId, primaryEmail: email, firstName: `Bench${n}`, createdAt: new Date() });
      await db.insert(vendorOrganizations).values({ vendorAccountId: accountId, organizationAccountId: organization.id, createdAt: new Date() });
      vendorIds.push(accountId);
    }

    const perDay = VENDORS * PER_VENDOR_DAY;
    const days = Math.ceil(count / perDay);
    const today = new Date();
    today.setUTCHours(FIRST_VISIT_UTC_HOUR, 0, 0, 0);
    const first = today.getTime() - Math.floor(days / 2) * DAY;
    const rows = Array.from({ length: count }, (_, i) => {
      const template = templates[i % templates.length]!;
      const day = Math.floor(i / perDay);
      const vendorId = vendorIds[Math.floor((i % perDay) / PER_VENDOR_DAY)]!;
      const start = new Date(first + day * DAY + (i % PER_VENDOR_DAY) * 45 * MINUTE);
      return {
        ...template,
        id: newId(),
        vendorAccountId: vendorId,
        organizationAccountId: organization.id,
        status: 'active' as const,
        startTime: start,
        occurrence: null,
        completedAt: null,
        note: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(appointments).values(rows.slice(i, i + 500));
    console.log(`bench-fill: ${count} appointments for organization@'s ${VENDORS} vendors, ${PER_VENDOR_DAY} a vendor a day, over ${days} days around today`);
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  console.error(`bench-fill: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
