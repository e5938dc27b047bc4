import type { AppointmentId } from '../../model/ids';
import type { ApiCall } from '../errors';
import type { Confirmation, Doc, Rec } from './types';

/** Query parameters of the list and availability calls (bookings §3 "Request parameters"). */
export type AppointmentQuery = Readonly<Record<string, string | number | boolean | undefined>>;

/** The appointments tag (bookings §7). */
export interface AppointmentsApi {
  list(query: AppointmentQuery): ApiCall<readonly Rec<AppointmentId>[]>;
  get(id: AppointmentId): ApiCall<Rec<AppointmentId>>;
  /** GET appointments/today: the vendor's day. */
  today(): ApiCall<readonly Rec<AppointmentId>[]>;
  /** POST appointments/today: the vendor's today note (note, status, date). */
  saveTodayNote(input: { readonly note: string; readonly status: string; readonly date: string }): ApiCall<Confirmation>;
  create(input: Doc): ApiCall<Rec<AppointmentId>>;
  update(id: AppointmentId, input: Doc): ApiCall<Rec<AppointmentId>>;
  complete(input: { readonly appointment_id: AppointmentId }): ApiCall<Rec<AppointmentId>>;
  sorted(query: AppointmentQuery): ApiCall<readonly Rec<AppointmentId>[]>;
  availabilityCheck(query: AppointmentQuery): ApiCall<Doc>;
  availabilityDay(query: AppointmentQuery): ApiCall<Doc>;
  availabilityRange(query: AppointmentQuery): ApiCall<Doc>;
  availabilityNext(query: AppointmentQuery): ApiCall<Doc>;
  /** GET public/availability/next (no token). */
  publicAvailabilityNext(query: AppointmentQuery): ApiCall<Doc>;
  addOnAdd(input: Doc): ApiCall<Confirmation>;
  addOnRemove(input: Doc): ApiCall<Confirmation>;
  addOnApprove(input: { readonly appointment_id: AppointmentId; readonly approved: boolean } & Doc): ApiCall<Confirmation>;
  addOnsUpdate(input: Doc): ApiCall<Confirmation>;
  customAddOnUpdate(input: { readonly description: string; readonly value: number } & Doc): ApiCall<Confirmation>;
}
