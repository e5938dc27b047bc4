import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { components } from '../../src/adapters/http/openapi.gen';
import {
  ADDRESS_NOT_IN_SERVICE_AREA,
  COUPON_NOT_FOUND,
  NOT_IN_SERVICE_AREA,
  type CouponTerms,
  couponRefusal,
  datePickerWindow,
  localDateAt,
  ratePercent,
} from '../../src/core/rules/pricing';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { servedZip } from './service-areas';
import { addOnServices, coupons, pricePlans, serviceAreaZipCodes, serviceCategories, services, taxRates } from '../db/schema';
import { HttpError, notFound } from '../errors';
import type { Limit, RateLimiter } from './rate-limit';

export type ServiceWire = components['schemas']['Service'];
export type PricePlanWire = components['schemas']['PricePlan'];
export type CouponWire = components['schemas']['Coupon'];
export type TaxRateWire = components['schemas']['TaxRate'];
export type ZipCodeWire = components['schemas']['ZipCodeEntry'];
type AddressInput = components['schemas']['AddressInput'];
export type ValidateAddressWire = components['schemas']['ValidateAddressResult'];

export const SERVICE_NOT_FOUND = 'Service not found';

/** Unknown coupon codes per account before coupon checks answer 429 for the rest of the hour (no guessing codes). */
export const COUPON_GUESSES: Limit = { limit: 10, windowMs: 60 * 60_000 };

/** 'Not in service area' for a visitor; a signed-in person asked about their selected or default address. */
const outsideServiceArea = (signedIn: boolean) =>
  signedIn
    ? new HttpError(400, ADDRESS_NOT_IN_SERVICE_AREA, 'address_not_in_service_area')
    : new HttpError(400, NOT_IN_SERVICE_AREA, 'not_in_service_area');

/** The five-digit ZIP of a ZIP or ZIP+4. */
const zip5 = (zip: string): string => zip.slice(0, 5);

export interface ServiceQuery {
  readonly category?: string;
  readonly zip_code?: string;
  /** true: only add-on services; false: only main services; absent: both. */
  readonly addons?: boolean;
}

export interface CatalogueService {
  /** Active services (and add-on services) with their price plans; `signedIn` picks the service-area message. */
  list(query: ServiceQuery, signedIn: boolean): Promise<{ items: ServiceWire[] }>;
  /** One service or add-on service; an inactive one only for super. */
  get(auth: AuthContext, id: string): Promise<ServiceWire>;
  zipCodes(query: { state?: string; serviced?: boolean }): Promise<{ items: ZipCodeWire[] }>;
  /** The service-area entry of a ZIP code, or undefined. */
  serviceArea(zip: string): Promise<ZipCodeWire | undefined>;
  taxRate(postalCode: string): Promise<TaxRateWire>;
  validateCoupon(auth: AuthContext, code: string, serviceId: string): Promise<CouponWire>;
  validateAddress(address: AddressInput): Promise<ValidateAddressWire>;
  /**
   * The days a visit at a service-area ZIP code may be booked (bookings §2 date picker): tomorrow to the end of
   * the month after next, counted in the ZIP code's time zone. Undefined outside the service area.
   */
  bookingWindow(zip: string): Promise<{ first: string; last: string; timeZone: string } | undefined>;
}

type ServiceRow = typeof services.$inferSelect;
type PlanRow = typeof pricePlans.$inferSelect;
type CouponRow = typeof coupons.$inferSelect;

const planWire = (p: PlanRow): PricePlanWire => ({
  plan_id: p.planId,
  label: p.label,
  value: p.value,
  frequency: p.priceAutoSelectRules.frequency ?? null,
  type: 'licensed',
  preference_match_size: p.preferenceMatchSize ?? null,
  priceAutoSelectRules: p.priceAutoSelectRules,
});

/** An add-on service on the wire: a service with is_addon and one price, its plan id `addon-<id>`. */
const addOnWire = (a: typeof addOnServices.$inferSelect): ServiceWire => ({
  _id: a.id,
  name: a.name,
  description: a.description,
  image: null,
  order_types: ['addon'],
  is_addon: true,
  duration: a.durationMinutes,
  prices: [{ plan_id: `addon-${a.id}`, label: a.name, value: a.price, frequency: null, type: 'licensed', preference_match_size: null }],
  active: a.active,
});

export const couponTerms = (c: CouponRow): CouponTerms => ({
  code: c.code,
  percent_off: c.percentOff,
  amount_off: c.amountOff,
  duration: c.duration,
  duration_in_months: c.durationInMonths,
  expires_at: c.expiresAt ? c.expiresAt.toISOString() : null,
  max_redemptions: c.maxRedemptions,
  times_redeemed: c.timesRedeemed,
  service_ids: c.serviceIds,
});

export const createCatalogueService = ({ db, clock, rateLimit }: { db: Db; clock: Clock; rateLimit: RateLimiter }): CatalogueService => {
  const withPlans = async (rows: readonly ServiceRow[]): Promise<ServiceWire[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [plans, categories] = await Promise.all([
      db.select().from(pricePlans).where(inArray(pricePlans.serviceId, ids)).orderBy(asc(pricePlans.position)),
      db.select().from(serviceCategories),
    ]);
    const categoryById = new Map(categories.map((c) => [c.id, c]));
    return rows.map((s) => {
      const category = categoryById.get(s.categoryId);
      return {
        _id: s.id,
        name: s.name,
        description: s.description,
        image: null,
        ...(category ? { category: { _id: category.id, name: category.name } } : {}),
        order_types: [s.orderType],
        is_addon: false,
        duration: s.durationMinutes,
        prices: plans.filter((p) => p.serviceId === s.id).map(planWire),
        active: s.active,
      };
    });
  };

  /** The ZIP code when someone serves it: an organization's area covers it, or an independent vendor works (server/services/service-areas.ts). */
  const serviceArea = async (zip: string): Promise<ZipCodeWire | undefined> => {
    const row = await servedZip(db, zip);
    return row ? { zip_code: row.zipCode, city: row.city, state: row.state, serviced: true, time_zone: row.timeZone } : undefined;
  };

  return {
    serviceArea,

    async list(query, signedIn) {
      if (query.zip_code !== undefined && !(await serviceArea(query.zip_code))) throw outsideServiceArea(signedIn);
      const main =
        query.addons === true
          ? []
          : await withPlans(
              await db
                .select()
                .from(services)
                .where(and(eq(services.active, true), query.category ? eq(services.categoryId, query.category) : undefined))
                .orderBy(asc(services.position)),
            );
      // Add-on services belong to no category: a category filter lists main services only.
      const extras =
        query.addons === false || query.category
          ? []
          : (await db.select().from(addOnServices).where(eq(addOnServices.active, true)).orderBy(asc(addOnServices.name))).map(addOnWire);
      return { items: [...main, ...extras] };
    },

    async get(auth, id) {
      const [row] = await db.select().from(services).where(eq(services.id, id));
      if (row && (row.active || auth.role === 'super')) return (await withPlans([row]))[0]!;
      const [addOn] = await db.select().from(addOnServices).where(eq(addOnServices.id, id));
      if (addOn && (addOn.active || auth.role === 'super')) return addOnWire(addOn);
      throw notFound(SERVICE_NOT_FOUND);
    },

    async zipCodes({ state, serviced }) {
      // The platform's ZIP codes; `serviced` says whether someone serves it (an organization's area, an independent vendor).
      const rows = await db
        .select()
        .from(serviceAreaZipCodes)
        .where(and(eq(serviceAreaZipCodes.active, true), state ? eq(serviceAreaZipCodes.state, state) : undefined))
        .orderBy(asc(serviceAreaZipCodes.zipCode));
      const items = await Promise.all(
        rows.map(async (r) => ({ zip_code: r.zipCode, city: r.city, state: r.state, serviced: (await servedZip(db, r.zipCode)) !== undefined, time_zone: r.timeZone })),
      );
      return { items: serviced === undefined ? items : items.filter((z) => z.serviced === serviced) };
    },

    async taxRate(postalCode) {
      const [row] = await db.select().from(taxRates).where(eq(taxRates.postalCode, zip5(postalCode)));
      if (!row) throw new HttpError(404, NOT_IN_SERVICE_AREA, 'not_in_service_area');
      return { postalCode, state: row.state, rate: ratePercent(row.rateBasisPoints), rate_basis_points: row.rateBasisPoints };
    },

    async validateCoupon(auth, code, serviceId) {
      const guessKey = `coupon:${auth.accountId ?? auth.userId}`;
      await rateLimit.assertAllowed(guessKey, COUPON_GUESSES);
      const [service] = await db.select({ id: services.id, active: services.active }).from(services).where(eq(services.id, serviceId));
      if (!service?.active) throw notFound(SERVICE_NOT_FOUND);
      const [row] = await db
        .select()
        .from(coupons)
        .where(eq(coupons.code, sql`upper(${code.trim()})`));
      if (!row) {
        await rateLimit.hit(guessKey, COUPON_GUESSES);
        throw new HttpError(404, COUPON_NOT_FOUND, 'coupon_not_found');
      }
      const terms = couponTerms(row);
      const refusal = couponRefusal(terms, serviceId, clock.now().toISOString());
      if (refusal) throw new HttpError(400, refusal.message, refusal.code);
      return {
        code: row.code,
        valid: true,
        serviceId,
        priceOptionId: null,
        percent_off: row.percentOff,
        amount_off: row.amountOff,
        duration: row.duration,
        duration_in_months: row.durationInMonths,
        expires_at: terms.expires_at,
      };
    },

    async bookingWindow(zip) {
      const area = await serviceArea(zip);
      if (!area?.time_zone) return undefined;
      const now = clock.now().getTime();
      const offset = DateTime.fromMillis(now).setZone(area.time_zone).offset;
      return { ...datePickerWindow(localDateAt(now, offset)), timeZone: area.time_zone };
    },

    async validateAddress(address) {
      const area = await serviceArea(address.postal_code);
      if (!area) return { valid: true, inServiceArea: false, address: null, time_zone: null, message: NOT_IN_SERVICE_AREA };
      if (area.state !== address.state)
        return { valid: false, inServiceArea: false, address: null, time_zone: null, message: `Invalid state for ZIP code ${zip5(address.postal_code)}` };
      const street = address.street.trim();
      const unit = address.unit?.trim() || null;
      const normalised = {
        address_formatted: `${address.street_number.trim()} ${street}${unit ? ` ${unit}` : ''}, ${area.city}, ${area.state} ${address.postal_code}`,
        street_number: address.street_number.trim(),
        street,
        unit,
        city: area.city!,
        state: area.state,
        postal_code: address.postal_code,
        ...(address.address_meta ? { address_meta: address.address_meta } : {}),
      };
      return { valid: true, inServiceArea: true, address: normalised, time_zone: area.time_zone ?? null };
    },
  };
};
