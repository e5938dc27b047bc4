/**
 * Upload rules (bookings §5): ticket files are jpg or png under 500 kb (TICKET_FILE_* of validators.ts);
 * other purposes follow the contract's UploadPurpose (images jpg, png or webp under 5 MB; documents may also
 * be pdf, up to 10 MB). A file's type is what its first bytes say, not its name.
 */
import type { UploadContentType, UploadPurpose } from '../model/media';
import { TICKET_FILE_MAX_BYTES, TICKET_FILE_TYPES } from './validators';

const MB = 1024 * 1024;

export interface UploadLimit {
  readonly types: readonly UploadContentType[];
  /** The size a file must stay under, in bytes. */
  readonly under: number;
  readonly typeMessage: string;
  readonly sizeMessage: string;
}

export const UPLOAD_LIMITS: Readonly<Record<UploadPurpose, UploadLimit>> = {
  ticket: {
    types: TICKET_FILE_TYPES,
    under: TICKET_FILE_MAX_BYTES,
    typeMessage: 'Ticket files must be jpg or png images',
    sizeMessage: 'Ticket files must be under 500 KB',
  },
  appointment: { types: ['image/jpeg', 'image/png', 'image/webp'], under: 5 * MB, typeMessage: 'Images must be jpg, png or webp', sizeMessage: 'Images must be under 5 MB' },
  profile: { types: ['image/jpeg', 'image/png', 'image/webp'], under: 5 * MB, typeMessage: 'Images must be jpg, png or webp', sizeMessage: 'Images must be under 5 MB' },
  document: {
    types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
    under: 10 * MB,
    typeMessage: 'Documents must be jpg, png, webp or pdf',
    sizeMessage: 'Documents must be at most 10 MB',
  },
};

/** Why a file of this type and size may not be uploaded for the purpose; undefined when it may. */
export const uploadRefusal = (purpose: UploadPurpose, type: string, size: number): string | undefined => {
  const limit = UPLOAD_LIMITS[purpose];
  if (!(limit.types as readonly string[]).includes(type)) return limit.typeMessage;
  if (size <= 0) return 'The file is empty';
  if (size >= limit.under) return limit.sizeMessage;
  return undefined;
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);

/** The content type the file's first bytes show (jpg, png, webp, pdf), or undefined. */
export const sniffContentType = (bytes: Uint8Array): UploadContentType | undefined => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
};

/** The file extension of a content type (the storage key's ending). */
export const extensionOf = (type: UploadContentType): string =>
  ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' })[type];
