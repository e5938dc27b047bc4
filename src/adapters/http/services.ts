import * as Schema from 'effect/Schema';
import type { ServicesApi } from '../../core/ports/api/services';
import { ServiceId } from '../../core/model/ids';
import { OpenRecord } from '../../core/model/common';
import { DocSchema, body, call, items, part, recSchema } from './call';
import type { HttpClient } from './client';

const Service = recSchema(ServiceId);
/** An order carries a copy of the service as booked (service_data). */
const Order = Schema.StructWithRest(Schema.Struct({ service_data: Service }), [OpenRecord]);
const Coupon = Schema.StructWithRest(Schema.Struct({ valid: Schema.Boolean }), [OpenRecord]);

/** The services tag (bookings §7). public/services and public/tax-rates need no token. */
export const servicesApi = ({ client }: HttpClient): ServicesApi => ({
  list: () => call((signal) => client.GET('/services', { signal }), items(Service)),
  get: (id) => call((signal) => client.GET('/services/{id}', { params: { path: { id } }, signal }), body(Service)),
  forOrder: (orderId) => call((signal) => client.GET('/services/order/{id}', { params: { path: { id: orderId } }, signal }), part(Order, (o) => o.service_data)),
  publicList: () => call((signal) => client.GET('/public/services', { signal }), items(Service)),
  taxRates: (query) => call((signal) => client.GET('/public/tax-rates', { params: { query }, signal }), body(DocSchema)),
  zipCodes: () => call((signal) => client.GET('/zip-codes', { signal }), items(DocSchema)),
  validateCoupon: (code, serviceId) =>
    call((signal) => client.GET('/coupons/validate/{code}/{serviceId}', { params: { path: { code, serviceId } }, signal }), body(Coupon)),
});
