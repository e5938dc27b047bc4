import type { Api } from '../../core/ports/api/registry';
import { accountApi } from './account';
import { adminApi } from './admin';
import { affiliatesApi } from './affiliates';
import { appointmentsApi } from './appointments';
import { approvalsApi } from './approvals';
import { authApi } from './auth';
import { botApi } from './bot';
import { type HttpClient, type HttpClientOptions, createHttpClient } from './client';
import { customersApi } from './customers';
import { invoicesApi } from './invoices';
import { type MediaApiOptions, mediaApi } from './media';
import { notificationsApi } from './notifications';
import { organizationsApi } from './organizations';
import { publicApi } from './public';
import { reviewsApi } from './reviews';
import { searchApi } from './search';
import { servicesApi } from './services';
import { subscriptionsApi } from './subscriptions';
import { systemApi } from './system';
import { ticketsApi } from './tickets';
import { userApi } from './user';
import { vendorsApi } from './vendors';

export type HttpApiOptions = HttpClientOptions & MediaApiOptions;

/** Every tag's port over one HTTP client. */
export const httpApiFrom = (http: HttpClient, options: MediaApiOptions = {}): Api => ({
  system: systemApi(http),
  auth: authApi(http),
  user: userApi(http),
  notifications: notificationsApi(http),
  search: searchApi(http),
  media: mediaApi(http, options),
  customers: customersApi(http),
  subscriptions: subscriptionsApi(http),
  appointments: appointmentsApi(http),
  account: accountApi(http),
  reviews: reviewsApi(http),
  tickets: ticketsApi(http),
  services: servicesApi(http),
  vendors: vendorsApi(http),
  affiliates: affiliatesApi(http),
  organizations: organizationsApi(http),
  invoices: invoicesApi(http),
  approvals: approvalsApi(http),
  admin: adminApi(http),
  public: publicApi(http),
  bot: botApi(http),
});

/**
 * The composition root's API (src/main.tsx): one openapi-fetch client with the spec's headers, the
 * stored token and the 401 hook, and every tag's port over it.
 */
export const createHttpApi = (options: HttpApiOptions): Api => httpApiFrom(createHttpClient(options), options);
