/** The device's position (the vendor shares it while working, with the browser's permission). */
export interface GeoPosition {
  readonly lat: number;
  readonly lng: number;
  /** Meters. */
  readonly accuracy?: number;
}

/** Why no position: the person refused the permission, or the device cannot tell (no GPS, timeout, no API). */
export type GeoFailureReason = 'denied' | 'unavailable';

export interface GeoFailure {
  readonly _tag: 'GeoFailure';
  readonly reason: GeoFailureReason;
}

export const isGeoFailure = (error: unknown): error is GeoFailure =>
  typeof error === 'object' && error !== null && (error as { _tag?: unknown })._tag === 'GeoFailure';

/**
 * The position port. `current()` asks the browser (the first call shows its permission prompt) and rejects
 * with a GeoFailure; views never call the browser themselves.
 */
export interface GeolocationPort {
  current(): Promise<GeoPosition>;
}
