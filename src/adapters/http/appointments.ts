import type { AppointmentsApi } from '../../core/ports/api/appointments';
import { AppointmentId } from '../../core/model/ids';
import { type QueryOf, DocSchema, body, call, confirmation, items, recSchema, wire } from './call';
import type { HttpClient } from './client';

const Appointment = recSchema(AppointmentId);

/** The appointments tag (bookings §7). Query objects and open inputs go through unchanged; the server validates them. */
export const appointmentsApi = ({ client }: HttpClient): AppointmentsApi => ({
  list: (query) => call((signal) => client.GET('/appointments', { params: { query: wire<QueryOf<'/appointments'>>(query) }, signal }), items(Appointment)),
  get: (id) => call((signal) => client.GET('/appointments/{id}', { params: { path: { id } }, signal }), body(Appointment)),
  // The reply also carries the day's note; the port hands on the appointments.
  today: () => call((signal) => client.GET('/appointments/today', { signal }), items(Appointment)),
  saveTodayNote: (input) => call((signal) => client.POST('/appointments/today', { body: wire(input), signal }), confirmation),
  create: (input) => call((signal) => client.POST('/appointments', { body: wire(input), signal }), body(Appointment)),
  update: (id, input) => call((signal) => client.PUT('/appointments/update/{id}', { params: { path: { id } }, body: wire(input), signal }), body(Appointment)),
  complete: (input) => call((signal) => client.POST('/appointments/complete', { body: input, signal }), body(Appointment)),
  sorted: (query) => call((signal) => client.GET('/sort/appointments', { params: { query: wire<QueryOf<'/sort/appointments'>>(query) }, signal }), items(Appointment)),
  availabilityCheck: (query) => call((signal) => client.GET('/appointments/availablity/check', { params: { query: wire<QueryOf<'/appointments/availablity/check'>>(query) }, signal }), body(DocSchema)),
  availabilityDay: (query) => call((signal) => client.GET('/appointments/availablity/day', { params: { query: wire<QueryOf<'/appointments/availablity/day'>>(query) }, signal }), body(DocSchema)),
  availabilityRange: (query) => call((signal) => client.GET('/appointments/availablity/range', { params: { query: wire<QueryOf<'/appointments/availablity/range'>>(query) }, signal }), body(DocSchema)),
  availabilityNext: (query) => call((signal) => client.GET('/appointments/availablity/next', { params: { query: wire<QueryOf<'/appointments/availablity/next'>>(query) }, signal }), body(DocSchema)),
  publicAvailabilityNext: (query) => call((signal) => client.GET('/public/availability/next', { params: { query: wire<QueryOf<'/public/availability/next'>>(query) }, signal }), body(DocSchema)),
  addOnAdd: (input) => call((signal) => client.POST('/appointments/manage/add-on/add', { body: wire(input), signal }), confirmation),
  addOnRemove: (input) => call((signal) => client.POST('/appointments/manage/add-on/remove', { body: wire(input), signal }), confirmation),
  addOnApprove: (input) => call((signal) => client.PUT('/appointments/manage/add-on/approve', { body: wire(input), signal }), confirmation),
  addOnsUpdate: (input) => call((signal) => client.POST('/add-ons/update', { body: wire(input), signal }), confirmation),
  // The contract nests the custom description and value under `custom`, next to the add-on's id.
  customAddOnUpdate: ({ description, value, ...rest }) =>
    call((signal) => client.POST('/custom/add-on/update', { body: wire({ ...rest, custom: { description, value } }), signal }), confirmation),
});
