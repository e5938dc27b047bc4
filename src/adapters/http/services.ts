import type { ServicesApi } from '../../core/ports/api/services';
import { Coupon, Order, Service, TaxRate, ZipCodeEntry } from '../../core/model/service';
import { body, call, items } from './call';
import type { HttpClient } from './client';

/** The services tag (bookings §7). public/services and public/tax-rates need no token. */
export const servicesApi = ({ client }: HttpClient): ServicesApi => ({
  list: (query) => call((signal) => client.GET('/services', { params: { query }, signal }), items(Service)),
  get: (id) => call((signal) => client.GET('/services/{id}', { params: { path: { id } }, signal }), body(Service)),
  forOrder: (orderId) => call((signal) => client.GET('/services/order/{id}', { params: { path: { id: orderId } }, signal }), body(Order)),
  publicList: (query) => call((signal) => client.GET('/public/services', { params: { query }, signal }), items(Service)),
  taxRates: (query) => call((signal) => client.GET('/public/tax-rates', { params: { query }, signal }), body(TaxRate)),
  zipCodes: (query) => call((signal) => client.GET('/zip-codes', { params: { query }, signal }), items(ZipCodeEntry)),
  validateCoupon: (code, serviceId) =>
    call((signal) => client.GET('/coupons/validate/{code}/{serviceId}', { params: { path: { code, serviceId } }, signal }), body(Coupon)),
});
