import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AccountId, AppointmentId, MediaId } from '../../../src/core/model/ids';
import { appointmentImagesMachine, type ImageRow } from '../../../src/machines/features/appointment-images.machine';
import { superUser } from '../../machines/models/session.fixtures';
import { renderApp } from '../session/harness';
import { fakeAppointments } from './fakes';

const row: ImageRow = {
  image: {
    media: { _id: 'e00000000000000000000001' as MediaId, key: 'appointment/front-lawn.png', file: { type: 'image/png', name: 'front-lawn.png', size: 68 } },
    appointment_id: 'd00000000000000000000001' as AppointmentId,
    // 15:00Z is 9:00 AM in Chicago (CST) on November 23; the test browser's zone is UTC.
    start_time: '2026-11-23T15:00:00.000Z',
    time_zone: 'America/Chicago',
    service_name: 'Lawn mowing',
    customer_data: { _id: 'c0000000000000000000000a' as AccountId, first_name: 'Casey', last_name: 'Customer' },
    vendor_data: null,
    created: '2026-11-23T16:00:00.000Z',
  },
  src: 'https://files.test/front-lawn.png',
};

describe("support's list of visit photos", () => {
  it("shows each visit's time in its address's zone: a browser in UTC sees the Chicago visit at 9:00 AM CST", async () => {
    const { machines } = fakeAppointments([]);
    const images = appointmentImagesMachine.provide({ actors: { loadImages: fromPromise(async (): Promise<{ readonly rows: readonly ImageRow[]; readonly total: number }> => ({ rows: [row], total: 1 })) } });
    renderApp('/admin/appointment-images', { storedToken: 'token-1', user: superUser }, { appointments: { ...machines, appointmentImages: images } });
    const link = await screen.findByRole('link', { name: 'Lawn mowing · Mon, Nov 23, 2026 at 9:00 AM CST' });
    expect(link.getAttribute('href')).toBe('/admin/appointment/d00000000000000000000001');
    expect(screen.getByRole('img', { name: /Mon, Nov 23, 2026 at 9:00 AM CST/ })).toBeTruthy();
  });
});
