import type { AffiliateIdMatch, AffiliateReferrer } from '../../model/affiliate';
import type { OrganizationSummary } from '../../model/organization';
import type { VendorSummary } from '../../model/vendor';
import type { AccountMatch, CustomerMatch, UserMatch } from '../../model/search';
import type { Service, ZipCodeEntry } from '../../model/service';
import type { AccountId, ServiceId } from '../../model/ids';
import type { ApiCall } from '../errors';

/** A text search; rules/search.ts says when to call (3+ characters). */
export interface TextQuery {
  readonly text: string;
  readonly count?: number;
}

/** vendors/location-search parameters: a ZIP code or coordinates, and what to narrow by. */
export interface LocationQuery {
  readonly zip_code?: string;
  readonly lat?: number;
  readonly lng?: number;
  readonly radius?: number;
  readonly service_id?: ServiceId;
  readonly limit?: number;
}

/** The search tag (accounts §7): GET with query parameters. */
export interface SearchApi {
  organizations(q: TextQuery): ApiCall<readonly OrganizationSummary[]>;
  vendors(q: TextQuery & { readonly organization_id?: AccountId }): ApiCall<readonly VendorSummary[]>;
  /** GET vendors/location-search: empty when no parameters are given. */
  vendorsByLocation(params: LocationQuery): ApiCall<readonly VendorSummary[]>;
  customers(q: TextQuery): ApiCall<readonly CustomerMatch[]>;
  users(q: TextQuery): ApiCall<readonly UserMatch[]>;
  affiliates(q: TextQuery): ApiCall<readonly AffiliateReferrer[]>;
  affiliateIds(q: TextQuery): ApiCall<readonly AffiliateIdMatch[]>;
  services(q: TextQuery): ApiCall<readonly Service[]>;
  zipcodes(q: TextQuery): ApiCall<readonly ZipCodeEntry[]>;
  /** GET accounts/search (admin). */
  accounts(q: TextQuery): ApiCall<readonly AccountMatch[]>;
}
