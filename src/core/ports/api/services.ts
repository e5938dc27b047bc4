import type { OrderId, ServiceId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Doc, Rec } from './types';

/** The services tag (bookings §7). Public calls (public/services, public/tax-rates) need no token. */
export interface ServicesApi {
  list(): ApiCall<readonly Rec<ServiceId>[]>;
  get(id: ServiceId): ApiCall<Rec<ServiceId>>;
  forOrder(orderId: OrderId): ApiCall<Rec<ServiceId>>;
  publicList(): ApiCall<readonly Rec<ServiceId>[]>;
  taxRates(query: { readonly postalCode: string }): ApiCall<Doc>;
  zipCodes(): ApiCall<readonly Doc[]>;
  validateCoupon(code: string, serviceId: ServiceId): ApiCall<Doc & { readonly valid?: boolean }>;
}
