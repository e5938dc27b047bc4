import type { AccountApi } from './account';
import type { AdminApi } from './admin';
import type { AffiliatesApi } from './affiliates';
import type { AppointmentsApi } from './appointments';
import type { ApprovalsApi } from './approvals';
import type { AuthApi } from './auth';
import type { BotApi } from './bot';
import type { CustomersApi } from './customers';
import type { InvoicesApi } from './invoices';
import type { MediaApi } from './media';
import type { NotificationsApi } from './notifications';
import type { OrganizationsApi } from './organizations';
import type { PublicApi } from './public';
import type { ReviewsApi } from './reviews';
import type { SearchApi } from './search';
import type { ServicesApi } from './services';
import type { SubscriptionsApi } from './subscriptions';
import type { SystemApi } from './system';
import type { TicketsApi } from './tickets';
import type { UserApi } from './user';
import type { VendorsApi } from './vendors';

/** The whole API as the composition root hands it to the charts: one port per tag. */
export interface Api {
  readonly system: SystemApi;
  readonly auth: AuthApi;
  readonly user: UserApi;
  readonly notifications: NotificationsApi;
  readonly search: SearchApi;
  readonly media: MediaApi;
  readonly customers: CustomersApi;
  readonly subscriptions: SubscriptionsApi;
  readonly appointments: AppointmentsApi;
  readonly account: AccountApi;
  readonly reviews: ReviewsApi;
  readonly tickets: TicketsApi;
  readonly services: ServicesApi;
  readonly vendors: VendorsApi;
  readonly affiliates: AffiliatesApi;
  readonly organizations: OrganizationsApi;
  readonly invoices: InvoicesApi;
  readonly approvals: ApprovalsApi;
  readonly admin: AdminApi;
  readonly public: PublicApi;
  readonly bot: BotApi;
}

export type ApiTag = keyof Api;
