/**
 * Files of the demo data that the media store serves without a stored copy (the seed writes database rows
 * only): a 16×16 green png attached to customer@'s open ticket.
 */
export const DEMO_LAWN_PHOTO_KEY = 'demo/driveway.png';

export const DEMO_LAWN_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAASUlEQVR4nJXCIRZEAAAA0TnYHFEQBEEQBEEQhA2CIOyxnGH++ziY4miKkynOpriY4mqKmynupniY4mmKlyn+TPE2xccUX1P8m37nFSIQKwaOgQAAAABJRU5ErkJggg==',
  'base64',
);

export const DEMO_FILES: ReadonlyMap<string, Buffer> = new Map([[DEMO_LAWN_PHOTO_KEY, DEMO_LAWN_PHOTO]]);
