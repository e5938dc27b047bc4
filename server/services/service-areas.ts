/**
 * Organizations' service areas (issue 11 "Team and area"): circles of a radius in miles around a ZIP code's centre
 * (`service-areas`) and ZIP codes listed one by one (`zip-codes`), and the one place that answers who serves a ZIP
 * code (the rule is src/core/rules/service-areas.ts).
 *
 * - A ZIP code is served when it is active on the platform's list (service_area_zip_codes, super's /admin/zipcodes)
 *   AND some organization's area covers it, or some independent vendor (no organization; super assigns its visits)
 *   keeps working hours: independent vendors serve the platform's whole list, as before areas existed.
 *   Address validation, a customer's address, checkout and the free start times ask `servedZip`; everything
 *   else outside it is 'Not in service area'.
 * - A vendor of an organization may serve a visit only inside its organization's area (`vendorsServing`).
 * - Only an offerable vendor is ever offered a visit (`offerableVendors`, issue 21): one who claimed the account,
 *   finished onboarding and, in an organization, whose organization super approved. A pending organization's
 *   areas serve nobody.
 * - Setting areas or ZIP codes replaces them all, in one transaction; every ZIP code must be on the platform's
 *   list ('Invalid ZIP code 99999' otherwise). Areas are configuration without a lifecycle: no chart, no audit row
 *   (only lifecycle changes are audited, server/services/transitions.ts).
 * - Ownership: an organization reads and sets its own id only (another organization's id is 404, as its team);
 *   super and admin any organization's.
 * - `search/zipcodes` (searchZipCodes) finds active ZIP codes of the platform's list by the start of the ZIP code or
 *   of the city (or a word of the city); fewer than 3 characters is an empty list (accounts §5, src/core/rules/search.ts).
 *   ZIP codes that start with the text come first, then city matches. Who may search: super, admin and organizations
 *   (the service-area form); the operation declares it (server/operations/organization-areas.ts).
 */
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { shouldSearch } from '../../src/core/rules/search';
import { coveredBy, zip5, type Centre, type Coverage } from '../../src/core/rules/service-areas';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { alias } from 'drizzle-orm/pg-core';
import { organizationApprovalStatusOf } from '../../src/core/rules/organization-approval';
import { accounts, organizationServiceAreas, organizationZipCodes, serviceAreaZipCodes, users, vendorAvailability, vendorOrganizations } from '../db/schema';
import { badRequest, notFound } from '../errors';

type Schemas = components['schemas'];
type ServiceAreaList = Schemas['ServiceAreaList'];
type ServiceAreasBody = Schemas['ServiceAreasRequest'];
type ZipCodesBody = Schemas['ZipCodesRequest'];
type ZipCodes = Schemas['ZipCodes'];
type ZipCodeEntry = Schemas['ZipCodeEntry'];
type Caller = Pick<AuthContext, 'accountId' | 'role'>;

/** An active ZIP code of the platform's list: its zone and centre. */
export interface PlatformZip {
  readonly zipCode: string;
  readonly city: string;
  readonly state: string;
  readonly timeZone: string;
  readonly centre: Centre | undefined;
}

type Reader = Pick<Db, 'select'>;

const platformZips = async (db: Reader): Promise<Map<string, PlatformZip>> => {
  const rows = await db.select().from(serviceAreaZipCodes).where(eq(serviceAreaZipCodes.active, true));
  return new Map(
    rows.map((r) => [
      r.zipCode,
      { zipCode: r.zipCode, city: r.city, state: r.state, timeZone: r.timeZone, centre: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : undefined },
    ]),
  );
};

/** Every organization's coverage (only organizations that have one). */
const coverages = async (db: Reader, organizationIds?: readonly string[]): Promise<Map<string, Coverage>> => {
  if (organizationIds && organizationIds.length === 0) return new Map();
  const [areas, zips, organizations] = await Promise.all([
    db
      .select()
      .from(organizationServiceAreas)
      .where(organizationIds ? inArray(organizationServiceAreas.organizationAccountId, [...organizationIds]) : undefined),
    db
      .select()
      .from(organizationZipCodes)
      .where(organizationIds ? inArray(organizationZipCodes.organizationAccountId, [...organizationIds]) : undefined),
    db
      .select({ id: accounts.id, meta: accounts.meta })
      .from(accounts)
      .where(and(eq(accounts.type, 'organization'), organizationIds ? inArray(accounts.id, [...organizationIds]) : undefined)),
  ]);
  // A pending (or rejected) organization's area serves nobody: its vendors are not offered (issue 21).
  const approved = new Set(organizations.filter((o) => organizationApprovalStatusOf(o.meta) === 'approved').map((o) => o.id));
  const byOrganization = new Map<string, { zipCodes: string[]; areas: { postal_code: string; radius_miles: number }[] }>();
  const of = (id: string) => {
    let c = byOrganization.get(id);
    if (!c) byOrganization.set(id, (c = { zipCodes: [], areas: [] }));
    return c;
  };
  for (const a of areas) if (approved.has(a.organizationAccountId)) of(a.organizationAccountId).areas.push({ postal_code: a.postalCode, radius_miles: a.radiusMiles });
  for (const z of zips) if (approved.has(z.organizationAccountId)) of(z.organizationAccountId).zipCodes.push(z.zipCode);
  return byOrganization;
};

/**
 * The platform's entry of `zip` when someone serves it (see the file comment); undefined when it is not in the
 * service area.
 */
export const servedZip = async (db: Reader, zip: string): Promise<PlatformZip | undefined> => {
  const zips = await platformZips(db);
  const entry = zips.get(zip5(zip));
  if (!entry) return undefined;
  const centreOf = (z: string) => zips.get(z)?.centre;
  for (const coverage of (await coverages(db)).values()) if (coveredBy(coverage, entry.zipCode, centreOf)) return entry;
  const [independent] = await db
    .select({ id: vendorAvailability.vendorAccountId })
    .from(vendorAvailability)
    .leftJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, vendorAvailability.vendorAccountId))
    .where(isNull(vendorOrganizations.organizationAccountId))
    .limit(1);
  return independent ? entry : undefined;
};

/** Of the platform's `zips`, those someone serves (the rule of `servedZip`, read once for the whole list). */
const servedAmong = async (db: Reader, zips: readonly string[]): Promise<Set<string>> => {
  if (!zips.length) return new Set();
  const [known, covered, [independent]] = await Promise.all([
    platformZips(db),
    coverages(db),
    db
      .select({ id: vendorAvailability.vendorAccountId })
      .from(vendorAvailability)
      .leftJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, vendorAvailability.vendorAccountId))
      .where(isNull(vendorOrganizations.organizationAccountId))
      .limit(1),
  ]);
  const centreOf = (z: string) => known.get(z)?.centre;
  return new Set(zips.filter((z) => known.has(z) && (independent !== undefined || [...covered.values()].some((c) => coveredBy(c, z, centreOf)))));
};

const organizationAccount = alias(accounts, 'organization_account');

/**
 * Of `vendorIds`, those who may be offered a visit at all (issue 21): a vendor account whose user claimed it (status
 * active), that finished onboarding (meta.initialSetup), and that is independent or in an approved organization.
 */
export const offerableVendors = async (db: Reader, vendorIds: readonly string[]): Promise<string[]> => {
  if (!vendorIds.length) return [];
  const rows = await db
    .select({ id: accounts.id, status: users.status, meta: accounts.meta, organization: organizationAccount.id, organizationMeta: organizationAccount.meta })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .leftJoin(vendorOrganizations, eq(vendorOrganizations.vendorAccountId, accounts.id))
    .leftJoin(organizationAccount, eq(organizationAccount.id, vendorOrganizations.organizationAccountId))
    .where(and(inArray(accounts.id, [...vendorIds]), eq(accounts.type, 'vendor')));
  const offerable = new Set(
    rows
      .filter((r) => r.status === 'active' && r.meta.initialSetup === true && (r.organization === null || organizationApprovalStatusOf(r.organizationMeta ?? {}) === 'approved'))
      .map((r) => r.id),
  );
  return vendorIds.filter((id) => offerable.has(id));
};

/**
 * Of `vendorIds`, those who may serve a visit at `zip`: offerable (`offerableVendors`) independent vendors, and
 * offerable vendors whose (approved) organization's area covers it.
 */
export const vendorsServing = async (db: Reader, zip: string, candidates: readonly string[]): Promise<string[]> => {
  const vendorIds = await offerableVendors(db, candidates);
  if (!vendorIds.length) return [];
  const links = await db.select().from(vendorOrganizations).where(inArray(vendorOrganizations.vendorAccountId, [...vendorIds]));
  const organizationOf = new Map(links.map((l) => [l.vendorAccountId, l.organizationAccountId]));
  const organizations = [...new Set(links.map((l) => l.organizationAccountId))];
  const [zips, covered] = await Promise.all([platformZips(db), coverages(db, organizations)]);
  const centreOf = (z: string) => zips.get(z)?.centre;
  const serves = new Map(organizations.map((o) => [o, covered.has(o) && coveredBy(covered.get(o)!, zip, centreOf)]));
  return vendorIds.filter((id) => {
    const organization = organizationOf.get(id);
    return organization === undefined || serves.get(organization) === true;
  });
};

export interface ServiceAreaService {
  areas(auth: Caller, organizationId: string): Promise<ServiceAreaList>;
  setAreas(auth: Caller, organizationId: string, body: ServiceAreasBody): Promise<ServiceAreaList>;
  zipCodes(auth: Caller, organizationId: string): Promise<ZipCodes>;
  setZipCodes(auth: Caller, organizationId: string, body: ZipCodesBody): Promise<ZipCodes>;
  /** search/zipcodes: active ZIP codes by the start of the code or of the city; [] under 3 characters. */
  search(query: { readonly text?: string; readonly limit?: number }): Promise<ZipCodeEntry[]>;
}

export const createServiceAreaService = ({ db }: { db: Db }): ServiceAreaService => {
  /** The organization the caller may act for (its own; any for staff); 404 otherwise. */
  const organizationFor = async (auth: Caller, organizationId: string, tx: Reader = db) => {
    if (auth.role === 'organization' && auth.accountId !== organizationId) throw notFound('Organization not found');
    const [row] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, organizationId), eq(accounts.type, 'organization')));
    if (!row) throw notFound('Organization not found');
    return row.id;
  };

  /** Every ZIP code must be an active one of the platform's list. */
  const assertKnown = async (tx: Reader, zips: readonly string[]) => {
    const known = await platformZips(tx);
    const unknown = zips.find((z) => !known.has(zip5(z)));
    if (unknown !== undefined) throw badRequest(`Invalid ZIP code ${unknown}`, 'invalid_zip_code');
    return known;
  };

  const readAreas = async (tx: Reader, organizationId: string): Promise<ServiceAreaList> => {
    const [rows, known] = await Promise.all([
      tx.select().from(organizationServiceAreas).where(eq(organizationServiceAreas.organizationAccountId, organizationId)).orderBy(asc(organizationServiceAreas.position)),
      platformZips(tx),
    ]);
    return {
      items: rows.map((r) => {
        const centre = known.get(r.postalCode)?.centre;
        return {
          _id: r.id,
          ...(r.label ? { label: r.label } : {}),
          postal_code: r.postalCode,
          radius_miles: r.radiusMiles,
          lat: centre?.lat ?? null,
          lng: centre?.lng ?? null,
        };
      }),
    };
  };

  const readZips = async (tx: Reader, organizationId: string): Promise<ZipCodes> => {
    const rows = await tx.select().from(organizationZipCodes).where(eq(organizationZipCodes.organizationAccountId, organizationId)).orderBy(asc(organizationZipCodes.zipCode));
    return { zip_codes: rows.map((r) => r.zipCode) };
  };

  return {
    async areas(auth, organizationId) {
      return readAreas(db, await organizationFor(auth, organizationId));
    },

    async setAreas(auth, organizationId, body) {
      const id = await organizationFor(auth, organizationId);
      const seen = new Set<string>();
      for (const item of body.items) {
        const key = `${zip5(item.postal_code)}:${item.radius_miles}`;
        if (seen.has(key)) throw badRequest(`Invalid service area ${zip5(item.postal_code)}: listed twice`, 'invalid_service_area');
        seen.add(key);
      }
      return db.transaction(async (tx) => {
        await assertKnown(tx, body.items.map((i) => i.postal_code));
        await tx.delete(organizationServiceAreas).where(eq(organizationServiceAreas.organizationAccountId, id));
        if (body.items.length)
          await tx.insert(organizationServiceAreas).values(
            body.items.map((item, position) => ({
              id: newId(),
              organizationAccountId: id,
              label: item.label?.trim() || null,
              postalCode: zip5(item.postal_code),
              radiusMiles: item.radius_miles,
              position,
            })),
          );
        return readAreas(tx, id);
      });
    },

    async zipCodes(auth, organizationId) {
      return readZips(db, await organizationFor(auth, organizationId));
    },

    async search({ text, limit }) {
      if (!shouldSearch(text)) return [];
      const words = (text ?? '').trim();
      const escaped = words.replace(/[\\%_]/g, (c) => `\\${c}`);
      const zipFirst = sql<number>`case when ${serviceAreaZipCodes.zipCode} like ${`${escaped}%`} then 0 else 1 end`;
      const rows = await db
        .select()
        .from(serviceAreaZipCodes)
        .where(
          and(
            eq(serviceAreaZipCodes.active, true),
            or(ilike(serviceAreaZipCodes.zipCode, `${escaped}%`), ilike(serviceAreaZipCodes.city, `${escaped}%`), ilike(serviceAreaZipCodes.city, `% ${escaped}%`)),
          ),
        )
        .orderBy(zipFirst, asc(serviceAreaZipCodes.city), asc(serviceAreaZipCodes.zipCode))
        .limit(limit ?? 20);
      const served = await servedAmong(db, rows.map((r) => r.zipCode));
      return rows.map((r) => ({ zip_code: r.zipCode, city: r.city, state: r.state, serviced: served.has(r.zipCode), time_zone: r.timeZone }));
    },

    async setZipCodes(auth, organizationId, body) {
      const id = await organizationFor(auth, organizationId);
      const zips = [...new Set(body.zip_codes.map(zip5))];
      return db.transaction(async (tx) => {
        await assertKnown(tx, zips);
        await tx.delete(organizationZipCodes).where(eq(organizationZipCodes.organizationAccountId, id));
        if (zips.length) await tx.insert(organizationZipCodes).values(zips.map((zipCode) => ({ organizationAccountId: id, zipCode })));
        return readZips(tx, id);
      });
    },
  };
};
