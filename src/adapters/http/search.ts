import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import type { SearchApi, TextQuery } from '../../core/ports/api/search';
import type { ApiCall } from '../../core/ports/errors';
import { AffiliateIdMatch, AffiliateReferrer } from '../../core/model/affiliate';
import { OrganizationSummary } from '../../core/model/organization';
import { VendorSummary } from '../../core/model/vendor';
import { AccountMatch, CustomerMatch, UserMatch } from '../../core/model/search';
import { Service, ZipCodeEntry } from '../../core/model/service';
import { shouldLocationSearch, shouldSearch } from '../../core/rules/search';
import { body, call, type Send } from './call';
import type { HttpClient } from './client';

/** Texts shorter than 3 characters give an empty result without a call (accounts §9, rules/search.ts). */
const textSearch =
  <S extends Schema.Decoder<unknown>, Q extends TextQuery = TextQuery>(item: S, send: (query: { readonly text: string; readonly limit?: number } & Omit<Q, 'text' | 'count'>) => Send) =>
  (q: Q): ApiCall<ReadonlyArray<S['Type']>> => {
    const { text, count, ...rest } = q;
    return shouldSearch(text) ? call(send({ ...rest, text: text.trim(), limit: count }), body(Schema.Array(item))) : Effect.succeed([]);
  };

/** The search tag (accounts §7): GET with query parameters. */
export const searchApi = ({ client }: HttpClient): SearchApi => ({
  organizations: textSearch(OrganizationSummary, (query) => (signal) => client.GET('/search/organizations', { params: { query }, signal })),
  vendors: textSearch(VendorSummary, (query) => (signal) => client.GET('/search/vendors', { params: { query }, signal })),
  vendorsByLocation: (params) =>
    shouldLocationSearch(params)
      ? call((signal) => client.GET('/vendors/location-search', { params: { query: params }, signal }), body(Schema.Array(VendorSummary)))
      : Effect.succeed([]),
  customers: textSearch(CustomerMatch, (query) => (signal) => client.GET('/search/customers', { params: { query }, signal })),
  users: textSearch(UserMatch, (query) => (signal) => client.GET('/search/users', { params: { query }, signal })),
  affiliates: textSearch(AffiliateReferrer, (query) => (signal) => client.GET('/search/affiliates', { params: { query }, signal })),
  affiliateIds: textSearch(AffiliateIdMatch, (query) => (signal) => client.GET('/search/affiliates_id', { params: { query }, signal })),
  services: textSearch(Service, (query) => (signal) => client.GET('/search/services', { params: { query }, signal })),
  zipcodes: textSearch(ZipCodeEntry, (query) => (signal) => client.GET('/search/zipcodes', { params: { query }, signal })),
  accounts: textSearch(AccountMatch, (query) => (signal) => client.GET('/accounts/search', { params: { query }, signal })),
});
