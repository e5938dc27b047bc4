import type { AppointmentId } from '../../model/ids';
import type {
  AddAddOnInput,
  AddOnResult,
  Appointment,
  AppointmentDay,
  AppointmentListQuery,
  ApproveAddOnInput,
  AvailabilityCheck,
  AvailabilityCheckQuery,
  AvailabilityDay,
  AvailabilityDayQuery,
  AvailabilityNextQuery,
  AvailabilityRange,
  AvailabilityRangeQuery,
  CompleteAppointmentInput,
  CreateAppointmentInput,
  NextAvailability,
  PublicAvailabilityNextQuery,
  RemoveAddOnInput,
  NoteInput,
  RainDelayInput,
  SortedAppointmentsQuery,
  Today,
  TodayNoteInput,
  TodayQuery,
  UpdateAddOnInput,
  UpdateAppointmentInput,
  UpdateCustomAddOnInput,
  VendorTodayNote,
} from '../../model/appointment';
import type { ApiCall } from '../errors';

/** The appointments tag (bookings §7). */
export interface AppointmentsApi {
  list(query: AppointmentListQuery): ApiCall<readonly Appointment[]>;
  get(id: AppointmentId): ApiCall<Appointment>;
  /** GET appointments/today: the vendor's day (its visits in route order and the day's note). */
  today(query: TodayQuery): ApiCall<Today>;
  /** POST appointments/today: the vendor's today note (note, status, date). */
  saveTodayNote(input: TodayNoteInput): ApiCall<VendorTodayNote>;
  create(input: CreateAppointmentInput): ApiCall<Appointment>;
  update(id: AppointmentId, input: UpdateAppointmentInput): ApiCall<Appointment>;
  complete(input: CompleteAppointmentInput): ApiCall<Appointment>;
  /** PUT appointments/cancel/{id}. */
  cancel(id: AppointmentId, input: NoteInput): ApiCall<Appointment>;
  /** PUT appointments/reinstate/{id} (re-enable). */
  reinstate(id: AppointmentId): ApiCall<Appointment>;
  /** PUT appointments/rain-delay/{id}: to a new start. */
  rainDelay(id: AppointmentId, input: RainDelayInput): ApiCall<Appointment>;
  /** PUT appointments/exception/{id}: 'Note is required!'. */
  exception(id: AppointmentId, input: NoteInput): ApiCall<Appointment>;
  /** PUT appointments/enable/{id}. */
  enable(id: AppointmentId): ApiCall<Appointment>;
  /** GET sort/appointments: one day's visits (default: today as the server counts it) and which day it is. */
  sorted(query: SortedAppointmentsQuery): ApiCall<AppointmentDay>;
  availabilityCheck(query: AvailabilityCheckQuery): ApiCall<AvailabilityCheck>;
  availabilityDay(query: AvailabilityDayQuery): ApiCall<AvailabilityDay>;
  availabilityRange(query: AvailabilityRangeQuery): ApiCall<AvailabilityRange>;
  availabilityNext(query: AvailabilityNextQuery): ApiCall<NextAvailability>;
  /** GET public/availability/next (no token). */
  publicAvailabilityNext(query: PublicAvailabilityNextQuery): ApiCall<NextAvailability>;
  addOnAdd(input: AddAddOnInput): ApiCall<AddOnResult>;
  addOnRemove(input: RemoveAddOnInput): ApiCall<AddOnResult>;
  addOnApprove(input: ApproveAddOnInput): ApiCall<AddOnResult>;
  addOnsUpdate(input: UpdateAddOnInput): ApiCall<AddOnResult>;
  customAddOnUpdate(input: UpdateCustomAddOnInput): ApiCall<AddOnResult>;
}
