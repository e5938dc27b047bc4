import { expect, test } from '@playwright/test';
import { signedIn, signInOn, tokenOf } from './pages/session';

/**
 * The organization's calendar end to end (issue 9), on the built app and the reference server: a vendor asks for
 * a day off, the organization approves it on /actions/appointments (the time-off queue), and the vendor's free
 * start times of that day shrink to none.
 */

const DAY_MS = 86_400_000;


/**
 * A weekday (YYYY-MM-DD) 13 to 19 days ahead: vendor@ works Monday to Friday, the seeded request is 21 days out,
 * and reschedule.spec.ts moves the visit of day 10 to day 11 (Chicago's days, at most the UTC date).
 */
function weekdayAhead(): { day: string; next: string } {
  for (let n = 13; n < 20; n++) {
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
  await signInOn(page, 'organization@tendwell.test');
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

type Visit = { _id: string; start_time: string; duration?: number; vendor_data?: { _id: string; first_name?: string } | null; address_data?: { postal_code?: string } };

test('an organization reassigns an upcoming visit to its other vendor from the appointment page', async ({ browser, request }) => {
  const organization = await tokenOf(request, 'organization@tendwell.test');
  const auth = { authorization: `Bearer ${organization}` };
  const vendors = (await (await request.get('/api/admin/vendors', { headers: { authorization: `Bearer ${await tokenOf(request, 'super@tendwell.test')}` } })).json()) as {
    items: { _id: string; primary_email: string }[];
  };
  const vic = vendors.items.find((v) => v.primary_email === 'vendor@tendwell.test')!._id;
  const rita = vendors.items.find((v) => v.primary_email === 'vendor2@tendwell.test')!._id;
  // A one-time visit customer@ books with vendor@ (POST appointments) at a start vendor2@ is free for: a weekday
  // 3 to 9 days ahead (the time-off test above takes a day 13 to 19 days ahead), 15:00 or 17:00 UTC (morning in Chicago).
  const customer = { authorization: `Bearer ${await tokenOf(request, 'customer@tendwell.test')}` };
  const own = (await (await request.get('/api/appointments?pageSize=5', { headers: customer })).json()) as {
    items: (Visit & { service_data: { _id: string }; order_data?: { plan_id?: string }; address_data?: { _id?: string } })[];
  };
  const model = own.items.find((a) => a.address_data?._id && a.order_data?.plan_id)!;
  let visit: Visit | undefined;
  for (let n = 3; n < 10 && !visit; n++) {
    const at = new Date(Date.now() + n * DAY_MS);
    if (at.getUTCDay() === 0 || at.getUTCDay() === 6) continue;
    for (const hour of ['15', '17']) {
      const start_time = `${at.toISOString().slice(0, 10)}T${hour}:00:00.000Z`;
      const q = new URLSearchParams({ start_time, vendor_id: rita, zip_code: '62701', duration: '45' });
      const free = (await (await request.get(`/api/appointments/availablity/check?${q.toString()}`, { headers: auth })).json()) as { available: boolean };
      if (!free.available) continue;
      const booked = await request.post('/api/appointments', {
        headers: customer,
        data: { service_id: model.service_data._id, plan_id: model.order_data!.plan_id, address_id: model.address_data!._id, start_time, vendor_id: vic },
      });
      if (booked.status() === 201) {
        visit = (await booked.json()) as Visit;
        break;
      }
    }
  }
  expect(visit, "a visit of vendor@ booked at a start vendor2@ is free for").toBeTruthy();

  const page = await (await browser.newContext()).newPage();
  await signInOn(page, 'organization@tendwell.test');
  await page.goto(`/organization/appointment/${visit!._id}`);
  await page.getByRole('button', { name: 'Reassign vendor' }).click();
  const panel = page.getByRole('group', { name: 'Reassign vendor' });
  await panel.getByRole('combobox', { name: /New vendor/ }).click();
  await page.getByRole('option', { name: /Rita Rivera/ }).click();
  await panel.getByRole('button', { name: 'Reassign', exact: true }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator('dl').getByText('Rita Rivera')).toBeVisible();
  // The server holds the new vendor.
  const after = (await (await request.get(`/api/appointments/${visit!._id}`, { headers: auth })).json()) as Visit;
  expect(after.vendor_data?._id).toBe(rita);
});

test("the organization's day opens on the organization's today as the server counts it, whatever the browser's zone", async ({ browser, request }) => {
  const organization = await tokenOf(request, 'organization@tendwell.test');
  // The server's answer without a date: organization@'s today in its service area's zone (Austin's, America/Chicago).
  const answer = (await (await request.get('/api/sort/appointments', { headers: { authorization: `Bearer ${organization}` } })).json()) as { date: string; time_zone?: string };
  expect(answer.time_zone).toBe('America/Chicago');
  const chicago = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  expect(answer.date).toBe(chicago);
  // A browser whose day is not Chicago's: Kiritimati (UTC+14) is a day ahead from 05:00 in Chicago on, Pago Pago
  // (UTC-11) a day behind before 05:00.
  const chicagoHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const timezoneId = chicagoHour < 5 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
  const browserDay = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  expect(browserDay).not.toBe(chicago);
  const page = await signedIn(browser, 'organization@tendwell.test', { timezoneId });
  await page.goto('/organization/appointments');
  const shown = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${chicago}T12:00:00Z`));
  await expect(page.getByText(shown, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'The day by vendor' })).toBeVisible();
  // On its today there is no "Today" button.
  await expect(page.getByRole('button', { name: 'Today' })).toHaveCount(0);
});
