import type { AppointmentsApi } from '../../core/ports/api/appointments';
import {
  AddOnResult,
  Appointment,
  AppointmentDay,
  AvailabilityCheck,
  AvailabilityDay,
  AvailabilityRange,
  NextAvailability,
  Today,
  VendorTodayNote,
} from '../../core/model/appointment';
import { body, call, items } from './call';
import type { HttpClient } from './client';

const addOnResult = body(AddOnResult);

/** The appointments tag (bookings §7). Port inputs are typed as the contract's requests. */
export const appointmentsApi = ({ client }: HttpClient): AppointmentsApi => ({
  list: (query) => call((signal) => client.GET('/appointments', { params: { query }, signal }), items(Appointment)),
  get: (id) => call((signal) => client.GET('/appointments/{id}', { params: { path: { id } }, signal }), body(Appointment)),
  today: (query) => call((signal) => client.GET('/appointments/today', { params: { query }, signal }), body(Today)),
  saveTodayNote: (input) => call((signal) => client.POST('/appointments/today', { body: input, signal }), body(VendorTodayNote)),
  create: (input) => call((signal) => client.POST('/appointments', { body: input, signal }), body(Appointment)),
  update: (id, input) => call((signal) => client.PUT('/appointments/update/{id}', { params: { path: { id } }, body: input, signal }), body(Appointment)),
  complete: (input) => call((signal) => client.POST('/appointments/complete', { body: input, signal }), body(Appointment)),
  cancel: (id, input) => call((signal) => client.PUT('/appointments/cancel/{id}', { params: { path: { id } }, body: input, signal }), body(Appointment)),
  reinstate: (id) => call((signal) => client.PUT('/appointments/reinstate/{id}', { params: { path: { id } }, signal }), body(Appointment)),
  rainDelay: (id, input) => call((signal) => client.PUT('/appointments/rain-delay/{id}', { params: { path: { id } }, body: input, signal }), body(Appointment)),
  exception: (id, input) => call((signal) => client.PUT('/appointments/exception/{id}', { params: { path: { id } }, body: input, signal }), body(Appointment)),
  enable: (id) => call((signal) => client.PUT('/appointments/enable/{id}', { params: { path: { id } }, signal }), body(Appointment)),
  sorted: (query) => call((signal) => client.GET('/sort/appointments', { params: { query }, signal }), body(AppointmentDay)),
  availabilityCheck: (query) => call((signal) => client.GET('/appointments/availablity/check', { params: { query }, signal }), body(AvailabilityCheck)),
  availabilityDay: (query) => call((signal) => client.GET('/appointments/availablity/day', { params: { query }, signal }), body(AvailabilityDay)),
  availabilityRange: (query) => call((signal) => client.GET('/appointments/availablity/range', { params: { query }, signal }), body(AvailabilityRange)),
  availabilityNext: (query) => call((signal) => client.GET('/appointments/availablity/next', { params: { query }, signal }), body(NextAvailability)),
  publicAvailabilityNext: (query) => call((signal) => client.GET('/public/availability/next', { params: { query }, signal }), body(NextAvailability)),
  addOnAdd: (input) => call((signal) => client.POST('/appointments/manage/add-on/add', { body: input, signal }), addOnResult),
  addOnRemove: (input) => call((signal) => client.POST('/appointments/manage/add-on/remove', { body: input, signal }), addOnResult),
  addOnApprove: (input) => call((signal) => client.PUT('/appointments/manage/add-on/approve', { body: input, signal }), addOnResult),
  addOnsUpdate: (input) => call((signal) => client.POST('/add-ons/update', { body: input, signal }), addOnResult),
  // The contract nests the custom description and value under `custom`, next to the add-on's id.
  customAddOnUpdate: ({ addon_id, description, value }) =>
    call((signal) => client.POST('/custom/add-on/update', { body: { addon_id, custom: { description, value } }, signal }), addOnResult),
});
