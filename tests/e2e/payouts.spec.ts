/**
 * Issue 11 "Money": "the payouts page shows the transfer after the clock moves a period". Moving the clock would
 * expire every other test's session on the shared e2e server, so this file starts a server of its own (fresh
 * embedded database, the port after billing-clock's). The organization completes a visit of this week; the
 * development clock moves a week (POST /api/dev/clock: the week closes and the transfer job runs); the organization
 * signs in again and finds the new transfer — the visit's earning — at the top of its transfers, and its payout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { bearerOf } from './pages/session';
import { ShellPage } from './pages/ShellPage';

const port = Number(process.env.E2E_CLOCK_PORT ?? 8484) + 1;
const base = `http://127.0.0.1:${port}`;
const dataDir = '.data-e2e-payouts';
let server: ChildProcess | undefined;

test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, BILLING_INTERVAL_SECONDS: '0' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 340; i += 1) {
    const up = await fetch(`${base}/api/ping`, { method: 'HEAD' }).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the payouts test server did not start');
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));

test('a week on the development clock transfers the week’s earnings, and the transfers page shows the new transfer', async ({ page, request }) => {
  test.setTimeout(150_000);
  const auth = await bearerOf(request, 'organization@tendwell.test');
  const organizationId = ((await (await request.get('/api/user', { headers: auth })).json()) as { account: { _id: string } }).account._id;

  // The organization completes a confirmed visit of this week (from 7 days before its start it may).
  const res = await request.get('/api/appointments?pageSize=100', { headers: auth });
  const { items } = (await res.json()) as { items: { _id: string; status: string; start_time: string }[] };
  const now = Date.now();
  const visit = items.find((a) => a.status === 'active' && Date.parse(a.start_time) > now - 86_400_000 && Date.parse(a.start_time) - now < 7 * 86_400_000);
  expect(visit, 'a confirmed visit of the organization within the next 7 days').toBeTruthy();
  const done = await request.post('/api/appointments/complete', { headers: auth, data: { appointment_id: visit!._id, note: 'Mowed and edged.' } });
  expect(done.status()).toBe(200);

  // Before the week closes, the transfers page shows the seeded history only.
  const signIn = new LoginPage(page);
  await signIn.open('/organization/view-transfers');
  await signIn.logIn('organization@tendwell.test');
  await new ShellPage(page).expectPath('/organization/view-transfers');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Transfers from/ });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const before = await firstRow.textContent();

  // A week later: the week has closed, the job transfers its earnings and pays them out.
  const moved = await request.post('/api/dev/clock', { data: { days: 7 } });
  expect(moved.status()).toBe(200);
  const clock = (await moved.json()) as { now: string; payouts: { claimed: number; transferred: number; paidOut: number } };
  expect(clock.payouts).toMatchObject({ claimed: 1, transferred: 1, paidOut: 1 });

  // The week ended the 7-day session: sign in again and find the new transfer at the top.
  await signIn.open('/organization/view-transfers');
  await signIn.logIn('organization@tendwell.test');
  await new ShellPage(page).expectPath('/organization/view-transfers');
  const listed = await request.get(`/api/organization/${organizationId}/transfers?pageSize=1`, { headers: await bearerOf(request, 'organization@tendwell.test') });
  const [transfer] = ((await listed.json()) as { items: { _id: string; amount: number; created: string }[] }).items;
  expect(transfer!.created.slice(0, 10)).toBe(clock.now.slice(0, 10));
  await expect(firstRow).not.toHaveText(before ?? '');
  await expect(firstRow.getByRole('rowheader')).toHaveText(day(clock.now));
  await expect(firstRow).toContainText(money(transfer!.amount));
  await expect(firstRow).toContainText('Paid');

  // Its payout is on its way to the bank.
  await page.getByRole('navigation', { name: 'Money reports' }).getByRole('link', { name: 'Payouts' }).click();
  await new ShellPage(page).expectPath('/organization/view-payouts');
  const payout = page.getByRole('table', { name: /^Payouts from/ }).getByRole('row').nth(1);
  await expect(payout.getByRole('rowheader')).toHaveText(day(clock.now));
  await expect(payout).toContainText(money(transfer!.amount));
  await expect(payout).toContainText('In transit');
});
