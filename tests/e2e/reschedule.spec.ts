import { expect, test } from '@playwright/test';
import { demoId } from '../../server/db/seed';
import { signInOn, tokenOf as tokenFor } from './pages/session';

/**
 * Visits from subscriptions (issue 9): a customer reschedules one visit of their subscription on its page, is
 * asked "this visit only" or "this and all later visits" (a radio group), keeps "this visit only", and picks a
 * new time: that visit moves, and the later visits of the subscription keep their time.
 */

type Visit = { _id: string; status: string; start_time: string; subscription_id?: string | null };

test('a customer reschedules one visit only, and the later visits keep their time', async ({ page, request }) => {
  const tokenOf = (email: string) => tokenFor(request, email);
  // The vendor works every day 8 AM – 8 PM, so the picker has times to offer.
  const vendor = await tokenOf('vendor@tendwell.test');
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const hours = await request.put('/api/update-availability', {
    headers: { authorization: `Bearer ${vendor}` },
    data: { availability: days.map((day_of_week) => ({ day_of_week, start: '0800', end: '2000' })) },
  });
  expect(hours.status()).toBe(200);

  // customer@'s subscription: its confirmed visit in ten days (more than 7 days ahead: it may be rescheduled) and
  // the visits after it. org-calendar.spec.ts takes a day off 13 to 19 days ahead, clear of the day after it.
  const customer = await tokenOf('customer@tendwell.test');
  const visitsNow = async () => {
    const res = await request.get('/api/appointments?pageSize=100', { headers: { authorization: `Bearer ${customer}` } });
    return ((await res.json()) as { items: Visit[] }).items;
  };
  const before = await visitsNow();
  const visit = before.find((a) => a._id === demoId('appointment:customer-later') && a.status === 'active' && a.subscription_id);
  expect(visit, "customer@'s confirmed subscription visit in ten days").toBeTruthy();
  const later = before.filter((a) => a.subscription_id === visit!.subscription_id && Date.parse(a.start_time) > Date.parse(visit!.start_time));
  expect(later.length).toBeGreaterThan(0);

  await signInOn(page, 'customer@tendwell.test');
  await page.goto(`/appointment/${visit!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lawn mowing' })).toBeVisible();
  await page.getByRole('button', { name: 'Reschedule' }).click();

  // The question, as a radio group; "this visit only" is the default.
  const scope = page.getByRole('group', { name: 'Which visits get the new time?' });
  await expect(scope).toBeVisible();
  await expect(scope.getByRole('radio', { name: 'This visit only' })).toBeChecked();
  await scope.getByRole('radio', { name: 'This and all later visits' }).check();
  await expect(scope.getByRole('radio', { name: 'This and all later visits' })).toBeChecked();
  await scope.getByRole('radio', { name: 'This visit only' }).check();

  // The day after the visit, the first time offered.
  const day = new Date(Date.parse(visit!.start_time) + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Day', { exact: true }).fill(day);
  const times = page.getByRole('list', { name: 'Available times' });
  await expect(times.getByRole('button').first()).toBeVisible();
  await times.getByRole('button').first().click();
  await expect(scope).toBeHidden();

  // The visit moved; every later visit of the subscription kept its time.
  await expect
    .poll(async () => (await visitsNow()).find((a) => a._id === visit!._id)?.start_time, { timeout: 10_000 })
    .not.toBe(visit!.start_time);
  const after = await visitsNow();
  const moved = after.find((a) => a._id === visit!._id)!;
  expect(Date.parse(moved.start_time)).toBeGreaterThan(Date.parse(visit!.start_time));
  for (const v of later) expect(after.find((a) => a._id === v._id)?.start_time).toBe(v.start_time);
});
