import * as Schema from 'effect/Schema';
import { AppointmentId } from './ids';
import { IsoDateTime } from './common';
import { Media } from './media';
import { PersonData } from './person';

/** A photo of a completed visit with its visit, for support's list (GET admin/appointment-images, x-origin tendwell). */
export const AppointmentImage = Schema.Struct({
  media: Media,
  appointment_id: AppointmentId,
  start_time: IsoDateTime,
  /** The visit's address zone (as the appointment's `time_zone`), its time shown in it. */
  time_zone: Schema.optional(Schema.String),
  service_name: Schema.String,
  customer_data: PersonData,
  vendor_data: Schema.NullOr(PersonData),
  created: IsoDateTime,
});
export type AppointmentImage = typeof AppointmentImage.Type;

export const AppointmentImagePage = Schema.Struct({ items: Schema.Array(AppointmentImage), total: Schema.Int });
export type AppointmentImagePage = typeof AppointmentImagePage.Type;
