import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import type { SearchApi, TextQuery } from '../../core/ports/api/search';
import type { ApiCall } from '../../core/ports/errors';
import type { Doc } from '../../core/ports/api/types';
import { shouldLocationSearch, shouldSearch } from '../../core/rules/search';
import { DocSchema, type QueryOf, body, call, type Send, wire } from './call';
import type { HttpClient } from './client';

const Docs = Schema.Array(DocSchema);

/** Texts shorter than 3 characters give an empty result without a call (accounts §9, rules/search.ts). */
const textSearch =
  (send: (query: { readonly text: string; readonly limit?: number }) => Send) =>
  (q: TextQuery): ApiCall<readonly Doc[]> =>
    shouldSearch(q.text) ? call(send({ text: q.text.trim(), limit: q.count }), body(Docs)) : Effect.succeed([]);

/** The search tag (accounts §7): GET with query parameters. */
export const searchApi = ({ client }: HttpClient): SearchApi => ({
  organizations: textSearch((query) => (signal) => client.GET('/search/organizations', { params: { query }, signal })),
  vendors: textSearch((query) => (signal) => client.GET('/search/vendors', { params: { query }, signal })),
  vendorsByLocation: (params) =>
    shouldLocationSearch(params)
      ? call((signal) => client.GET('/vendors/location-search', { params: { query: wire<QueryOf<'/vendors/location-search'>>(params) }, signal }), body(Docs))
      : Effect.succeed([]),
  customers: textSearch((query) => (signal) => client.GET('/search/customers', { params: { query }, signal })),
  users: textSearch((query) => (signal) => client.GET('/search/users', { params: { query }, signal })),
  affiliates: textSearch((query) => (signal) => client.GET('/search/affiliates', { params: { query }, signal })),
  affiliateIds: textSearch((query) => (signal) => client.GET('/search/affiliates_id', { params: { query }, signal })),
  services: textSearch((query) => (signal) => client.GET('/search/services', { params: { query }, signal })),
  zipcodes: textSearch((query) => (signal) => client.GET('/search/zipcodes', { params: { query }, signal })),
  accounts: textSearch((query) => (signal) => client.GET('/accounts/search', { params: { query }, signal })),
});
