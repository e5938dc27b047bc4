import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, LoginPage } from './pages/LoginPage';

/**
 * The organization's calendar end to end (issue 9), on the built app and the reference server: a vendor asks for
 * a day off, the organization approves it on /actions/appointments (the time-off queue), and the vendor's free
 * start times of that day shrink to none.
 */

const DAY_MS = 86_400_000;

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD, platform: 'web' } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** A weekday (YYYY-MM-DD) 10 to 16 days ahead: vendor@ works Monday to Friday, and the seeded request is 21 days out. */
function weekdayAhead(): { day: string; next: string } {
  for (let n = 10; n < 17; n++) {
    const at = new Date(Date.now() + n * DAY_MS);
    const weekday = at.getUTCDay();
    if (weekday >= 1 && weekday <= 5) return { day: at.toISOString().slice(0, 10), next: new Date(at.getTime() + DAY_MS).toISOString().slice(0, 10) };
  }
  throw new Error('no weekday ahead');
}

test("an organization approves a vendor's time off, and the vendor's free slots of that day shrink", async ({ browser, request }) => {
  const vendor = await tokenOf(request, 'vendor@tendwell.test');
  const { day, next } = weekdayAhead();
  const slots = async () => {
    const res = await request.get(`/api/appointments/availablity/day?requested_day=${day}`, { headers: { authorization: `Bearer ${vendor}` } });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { slots: unknown[] }).slots.length;
  };
  const before = await slots();
  expect(before, `vendor@ has free start times on ${day}`).toBeGreaterThan(0);

  // The vendor asks for the whole day (midnight to midnight in Chicago, the demo service area's zone).
  const note = `Dentist ${Date.now()}`;
  const asked = await request.put('/api/request-time-off', {
    headers: { authorization: `Bearer ${vendor}` },
    data: { start_time: `${day}T06:00:00.000Z`, end_time: `${next}T06:00:00.000Z`, note },
  });
  expect(asked.ok()).toBe(true);
  // Waiting for a decision, it does not take the time yet.
  expect(await slots()).toBe(before);

  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('organization@tendwell.test');
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/actions/appointments');
  await expect(page.getByRole('heading', { level: 1, name: 'Needs action' })).toBeVisible();
  const queue = page.getByRole('region', { name: 'Time-off requests waiting' });
  const request_ = queue.getByRole('listitem').filter({ hasText: note });
  await expect(request_).toBeVisible();
  await request_.getByRole('button', { name: 'Approve the time off of Vic Vendor' }).click();
  await expect(queue.getByRole('listitem').filter({ hasText: note })).toHaveCount(0);

  // The approved day holds no free start time any more.
  await expect.poll(slots).toBe(0);
});
