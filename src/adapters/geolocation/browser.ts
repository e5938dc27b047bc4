import type { GeoFailure, GeolocationPort, GeoPosition } from '../../core/ports/geolocation';

/** How long the browser may take for one reading, and how old a cached reading may be. */
const TIMEOUT_MS = 20_000;
const MAX_AGE_MS = 30_000;
/** GeolocationPositionError.PERMISSION_DENIED. */
const PERMISSION_DENIED = 1;

const failure = (reason: GeoFailure['reason']): GeoFailure => ({ _tag: 'GeoFailure', reason });

/** The position port over navigator.geolocation (absent: every reading is 'unavailable'). */
export const createBrowserGeolocation = (geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation): GeolocationPort => ({
  current: () =>
    new Promise<GeoPosition>((resolve, reject) => {
      if (!geolocation) {
        reject(failure('unavailable'));
        return;
      }
      geolocation.getCurrentPosition(
        (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, ...(Number.isFinite(p.coords.accuracy) ? { accuracy: p.coords.accuracy } : {}) }),
        (e) => reject(failure(e.code === PERMISSION_DENIED ? 'denied' : 'unavailable')),
        { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: MAX_AGE_MS },
      );
    }),
});
