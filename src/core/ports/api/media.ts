import type { Effect } from 'effect';
import type { MediaId } from '../../model/ids';
import type { Media, UploadContentType, UploadPurpose, UploadTicket } from '../../model/media';
import type { ApiCall, ApiFailure } from '../errors';

/** A file to upload; `body` is whatever the platform holds the bytes in (a Blob in the browser). */
export interface UploadFile {
  readonly name: string;
  readonly type: UploadContentType;
  readonly size: number;
  readonly body: Blob;
}

/** The media tag (accounts §7): ask for an upload address, post the form to it, read and delete files. */
export interface MediaApi {
  getUploadUrl(input: {
    readonly data: { readonly purpose: UploadPurpose; readonly ticket_id?: string; readonly appointment_id?: string };
    readonly file: Omit<UploadFile, 'body'>;
  }): ApiCall<UploadTicket>;
  getUploadUrlForAccount(input: {
    readonly data: { readonly purpose: UploadPurpose; readonly account_id: string };
    readonly file: Omit<UploadFile, 'body'>;
  }): ApiCall<UploadTicket>;
  /** Form POST of exactly the issued fields plus content type and file; progress is 0..1. */
  upload(ticket: UploadTicket, file: UploadFile, onProgress?: (fraction: number) => void): Effect.Effect<Media, ApiFailure>;
  /** GET media/file?key=: the address the file can be read at (the adapter builds it; the call streams bytes). */
  fileUrl(key: string): string;
  /**
   * GET media/file?key= with the bearer token, answered as an address the page can show the file at (in the
   * browser an object URL): an <img> cannot send the token itself. Readers of the ticket only (404 otherwise).
   */
  fileAddress(key: string): ApiCall<string>;
  deleteFile(input: { readonly key: string; readonly ticket_id?: string }): ApiCall<{ readonly success: boolean }>;
  getOne(id: MediaId): ApiCall<Media>;
}
