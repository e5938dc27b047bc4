/**
 * Files of the demo data that the media store serves without a stored copy (the seed writes database rows
 * only): a 16×16 green png attached to customer@'s open ticket, and the photos of the seeded completed visits
 * (made in code at start, ./demo-png.ts).
 */
import { lawnPng } from './demo-png';

export const DEMO_LAWN_PHOTO_KEY = 'demo/driveway.png';

export const DEMO_LAWN_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAASUlEQVR4nJXCIRZEAAAA0TnYHFEQBEEQBEEQhA2CIOyxnGH++ziY4miKkynOpriY4mqKmynupniY4mmKlyn+TPE2xccUX1P8m37nFSIQKwaOgQAAAABJRU5ErkJggg==',
  'base64',
);

/** The seeded visit photos: 'demo/visit-<n>.png' for n = 1…DEMO_VISIT_PHOTO_COUNT. */
export const DEMO_VISIT_PHOTO_COUNT = 8;
export const demoVisitPhotoKey = (n: number): string => `demo/visit-${n}.png`;
const visitPhotos = Array.from({ length: DEMO_VISIT_PHOTO_COUNT }, (_, i) => [demoVisitPhotoKey(i + 1), lawnPng(i + 1)] as const);

export const DEMO_FILES: ReadonlyMap<string, Buffer> = new Map([[DEMO_LAWN_PHOTO_KEY, DEMO_LAWN_PHOTO], ...visitPhotos]);
