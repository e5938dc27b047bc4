import { expect, test } from '@playwright/test';
import { lawnPng } from '../../server/adapters/media/demo-png';
import { demoId } from '../../server/db/seed';
import { signedIn, tokenOf } from './pages/session';

/**
 * After the visit (issue 9): the vendor completes a visit on /vendor/appointment/{id} with a photo and a note;
 * the customer opens /appointment/{id} and sees the photo (read with the customer's own session), then reviews
 * the visit once.
 */

test('the vendor completes with a photo and a note, and the customer sees the photo and reviews the visit', async ({ browser, request }) => {
  const token = await tokenOf(request, 'customer@tendwell.test');
  const res = await request.get('/api/appointments?pageSize=100', { headers: { authorization: `Bearer ${token}` } });
  const { items } = (await res.json()) as { items: { _id: string; status: string; start_time: string }[] };
  // customer@'s confirmed visit of today (vendor@'s route, seed-visits.ts), named by its seeded id, whether its
  // start has passed or not; appointment-live.spec.ts completes the one in three days.
  const visit = items.find((a) => a._id === demoId('appointment:customer-today') && a.status === 'active');
  expect(visit, "customer@'s confirmed visit of today").toBeTruthy();

  const vendor = await signedIn(browser, 'vendor@tendwell.test');
  await vendor.setViewportSize({ width: 360, height: 740 });
  await vendor.goto(`/vendor/appointment/${visit!._id}`);
  await vendor.getByLabel('Note for this visit').fill('Mowed and edged; photo of the front lawn.');
  await vendor.getByLabel('Photos of the work (optional)').setInputFiles({ name: 'front-lawn.png', mimeType: 'image/png', buffer: lawnPng(2) });
  await expect(vendor.getByText('Ready', { exact: true })).toBeVisible();
  await vendor.getByRole('button', { name: 'Complete visit' }).click();
  await expect(vendor.getByText('Complete', { exact: true })).toBeVisible();
  // The vendor sees its photo on the completed visit too.
  await expect(vendor.getByRole('img', { name: 'Photo 1 of 1' })).toBeVisible();

  const customer = await signedIn(browser, 'customer@tendwell.test');
  await customer.setViewportSize({ width: 360, height: 740 });
  await customer.goto(`/appointment/${visit!._id}`);
  await expect(customer.getByText('Mowed and edged; photo of the front lawn.')).toBeVisible();
  const photo = customer.getByRole('img', { name: 'Photo 1 of 1' });
  await expect(photo).toBeVisible();
  // The image really loaded (decoded pixels), from the customer's session.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The review: keyboard only — a rating, a comment, send; then it shows instead of the form.
  await customer.getByRole('radio', { name: '4 stars' }).check();
  await customer.getByLabel('Comment (optional)').fill('Neat stripes.');
  await customer.getByRole('button', { name: 'Send review' }).press('Enter');
  await expect(customer.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(customer.getByText('4 stars out of 5')).toBeVisible();
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Your review' })).toBeVisible();
});
