import type { ApiCall } from '../errors';
import type { Doc } from './types';

/** A text search; rules/search.ts says when to call (3+ characters). */
export interface TextQuery {
  readonly text: string;
  readonly count?: number;
}

/** The search tag (accounts §7): GET with query parameters. */
export interface SearchApi {
  organizations(q: TextQuery): ApiCall<readonly Doc[]>;
  vendors(q: TextQuery): ApiCall<readonly Doc[]>;
  /** GET vendors/location-search: empty when no parameters are given. */
  vendorsByLocation(params: Readonly<Record<string, string | number | undefined>>): ApiCall<readonly Doc[]>;
  customers(q: TextQuery): ApiCall<readonly Doc[]>;
  users(q: TextQuery): ApiCall<readonly Doc[]>;
  affiliates(q: TextQuery): ApiCall<readonly Doc[]>;
  affiliateIds(q: TextQuery): ApiCall<readonly Doc[]>;
  services(q: TextQuery): ApiCall<readonly Doc[]>;
  zipcodes(q: TextQuery): ApiCall<readonly Doc[]>;
  /** GET accounts/search (admin). */
  accounts(q: TextQuery): ApiCall<readonly Doc[]>;
}
