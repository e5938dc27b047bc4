import * as Schema from 'effect/Schema';
import { MediaId } from './ids';

/** The file part of a media record (accounts §3): type, name, size, path. */
export const MediaFile = Schema.Struct({
  type: Schema.String,
  name: Schema.String,
  size: Schema.Number.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(0))),
  /** Where it can be read (GET media/file?key=…). */
  path: Schema.optional(Schema.String),
});
export type MediaFile = typeof MediaFile.Type;

/** Image / media (accounts §3): _id, key, file. */
export const Media = Schema.Struct({
  _id: MediaId,
  key: Schema.String,
  file: MediaFile,
});
export type Media = typeof Media.Type;

/** The file types an upload address is issued for (the contract's UploadRequest file.type). */
export const UploadContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const UploadContentType = Schema.Literals(UploadContentTypes);
export type UploadContentType = (typeof UploadContentTypes)[number];

/** Upload purposes (the contract's UploadPurpose). */
export const UploadPurposes = ['ticket', 'appointment', 'profile', 'document'] as const;
export const UploadPurpose = Schema.Literals(UploadPurposes);
export type UploadPurpose = (typeof UploadPurposes)[number];

/**
 * The server-issued upload address (accounts §5): post exactly `fields` (nothing else), then the
 * content type and the file, to `url`.
 */
export const UploadTicket = Schema.Struct({
  url: Schema.String,
  fields: Schema.Record(Schema.String, Schema.String),
  key: Schema.String,
  expires: Schema.optional(Schema.String),
});
export type UploadTicket = typeof UploadTicket.Type;
