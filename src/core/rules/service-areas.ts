/**
 * An organization's service area (issue 11 "Team and area"; bookings §1 "Organizations manage … service areas",
 * §9 "Service-area radius is in miles"): the ZIP codes it lists, plus circles of a radius in miles around a ZIP
 * code's centre. One home for the rule: the server decides 'Not in service area' and which vendors may serve a
 * visit with `coveredBy`, the service-areas editor checks its rows with `areaProblems`.
 *
 * A circle covers a ZIP code of the platform's list (service_area_zip_codes) whose centre lies within the radius
 * of the circle's ZIP centre; its own ZIP code is always covered, even when the platform knows no centre for it.
 */

/** The largest radius an area may have, in miles (the contract's maximum). */
export const MAX_RADIUS_MILES = 200;
/** At most this many circles and this many listed ZIP codes (the contract's maxItems). */
export const MAX_AREAS = 100;
export const MAX_ZIP_CODES = 2000;

const EARTH_RADIUS_MILES = 3958.8;
const ZIP5 = /^[0-9]{5}$/;

export interface Centre {
  readonly lat: number;
  readonly lng: number;
}

/** The great-circle distance between two points, in miles (haversine). */
export const distanceMiles = (a: Centre, b: Centre): number => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** The first five digits of a ZIP code (ZIP+4 is served as its ZIP). */
export const zip5 = (zip: string): string => zip.trim().slice(0, 5);

export interface AreaCircle {
  readonly postal_code: string;
  readonly radius_miles: number;
}

export interface Coverage {
  /** ZIP codes listed one by one (zip-codes). */
  readonly zipCodes: readonly string[];
  /** Circles (service-areas). */
  readonly areas: readonly AreaCircle[];
}

/** Whether a coverage includes `zip`, given the centres of the ZIP codes the platform knows. */
export const coveredBy = (coverage: Coverage, zip: string, centreOf: (zip: string) => Centre | undefined): boolean => {
  const five = zip5(zip);
  if (coverage.zipCodes.some((z) => zip5(z) === five)) return true;
  const here = centreOf(five);
  return coverage.areas.some((area) => {
    const centre = zip5(area.postal_code);
    if (centre === five) return true;
    const there = centreOf(centre);
    return here !== undefined && there !== undefined && distanceMiles(here, there) <= area.radius_miles;
  });
};

/** An editable area row: the ZIP code and radius as typed. */
export interface AreaDraft {
  readonly label: string;
  readonly postal_code: string;
  readonly radius_miles: string;
}

export type AreaField = 'postal_code' | 'radius_miles';
export type AreaProblem = 'zip' | 'radius';

/** The problems of one row, by field: a 5-digit ZIP code, a radius above 0 and at most 200 miles. */
export const areaProblems = (row: AreaDraft): Partial<Record<AreaField, AreaProblem>> => {
  const problems: Partial<Record<AreaField, AreaProblem>> = {};
  if (!ZIP5.test(row.postal_code.trim())) problems.postal_code = 'zip';
  const radius = Number(row.radius_miles.trim());
  if (row.radius_miles.trim() === '' || !Number.isFinite(radius) || radius <= 0 || radius > MAX_RADIUS_MILES) problems.radius_miles = 'radius';
  return problems;
};

/** The ZIP codes typed in one text (commas, spaces or new lines between them), in order, without repeats. */
export const zipCodesOf = (text: string): { readonly zips: readonly string[]; readonly invalid: readonly string[] } => {
  const words = text.split(/[\s,;]+/).filter((w) => w !== '');
  const zips: string[] = [];
  const invalid: string[] = [];
  for (const w of words) {
    if (!ZIP5.test(w)) invalid.push(w);
    else if (!zips.includes(w)) zips.push(w);
  }
  return { zips, invalid };
};
