import type { OrderId, ServiceId } from '../../model/ids';
import type { Coupon, Order, Service, TaxRate, ZipCodeEntry } from '../../model/service';
import type { ApiCall } from '../errors';

/** The services tag (bookings §7). Public calls (public/services, public/tax-rates) need no token. */
export interface ServicesApi {
  list(query?: { readonly category?: string; readonly zip_code?: string; readonly addons?: boolean }): ApiCall<readonly Service[]>;
  get(id: ServiceId): ApiCall<Service>;
  /** GET services/order/{id}: the order, with the service as booked (service_data). */
  forOrder(orderId: OrderId): ApiCall<Order>;
  publicList(query?: { readonly zip_code?: string }): ApiCall<readonly Service[]>;
  taxRates(query: { readonly postalCode: string }): ApiCall<TaxRate>;
  zipCodes(query?: { readonly state?: string; readonly serviced?: boolean }): ApiCall<readonly ZipCodeEntry[]>;
  validateCoupon(code: string, serviceId: ServiceId): ApiCall<Coupon>;
}
