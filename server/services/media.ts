/**
 * Media (bookings §5, §7): the upload-address flow of the contract and reads of stored files.
 *
 * 1. `PUT media/upload/getUrl` checks the declared type and size against the purpose's limits (ticket files:
 *    jpg or png under 500 KB) and issues a key with a signature (HMAC of key, expiry and the uploader) that is
 *    valid for 15 minutes. Nothing is stored yet, so the flow is stateless across server processes.
 * 2. `POST media/upload` (multipart: the issued fields plus the file) checks the signature, the uploader, the
 *    expiry, the file's real type (its first bytes, not its name) and size, then stores the bytes through the
 *    media port and writes the media row.
 * 3. Reading (`GET media/one/{id}`, `GET media/file?key=`) is for the uploader, staff, whoever may read the
 *    ticket the file is attached to, and the parties of the visit a photo is attached to (visit-photos.ts); anyone else gets 404 'Media not found', as if it did not exist.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { components } from '../../src/adapters/http/openapi.gen';
import { UploadPurposes, type UploadContentType, type UploadPurpose } from '../../src/core/model/media';
import { UPLOAD_LIMITS, extensionOf, sniffContentType, uploadRefusal } from '../../src/core/rules/media';
import type { MediaStore } from '../adapters/media/store';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { accounts, media, ticketComments } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import type { TicketService } from './tickets';

export type MediaWire = components['schemas']['Media'];
type UploadAddress = components['schemas']['UploadAddress'];
type UploadUrlBody = components['schemas']['UploadUrlRequest'];
type UploadUrlForAccountBody = components['schemas']['UploadUrlForAccountRequest'];
type DeleteBody = components['schemas']['DeleteFileRequest'];
type MediaRow = typeof media.$inferSelect;

export const MEDIA_NOT_FOUND = 'Media not found';
const UPLOAD_TTL_MS = 15 * 60 * 1000;
/** The multipart body limit: the largest purpose (10 MB documents) plus the form's overhead. */
export const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;
const FORM_FIELDS = new Set(['key', 'expires', 'signature', 'Content-Type', 'file']);

export interface MediaService {
  issueUpload(auth: AuthContext, body: UploadUrlBody): Promise<UploadAddress>;
  issueUploadForAccount(auth: AuthContext, body: UploadUrlForAccountBody): Promise<UploadAddress>;
  upload(auth: AuthContext, raw: unknown, contentType: string | undefined): Promise<MediaWire>;
  get(auth: AuthContext, id: string): Promise<MediaWire>;
  file(auth: AuthContext, key: string): Promise<{ bytes: Buffer; type: string }>;
  remove(auth: AuthContext, body: DeleteBody): Promise<void>;
}

export const mediaWire = (row: MediaRow): MediaWire => ({
  _id: row.id,
  key: row.key,
  file: { type: row.contentType, name: row.name, size: row.size, path: `/api/media/file?key=${encodeURIComponent(row.key)}` },
  owner_account_id: row.ownerAccountId,
  ticket_id: row.ticketId,
  purpose: row.purpose,
  created: row.createdAt.toISOString(),
});

/** What an issued key says: `<purpose>/<owner account or 'none'>/<ticket id or 'none'>/<media id>.<ext>`. */
const parseKey = (key: string) => {
  const m = /^([a-z]+)\/([a-f0-9]{24}|none)\/([a-f0-9]{24}|none)\/([a-f0-9]{24})\.([a-z]+)$/.exec(key);
  if (!m || !(UploadPurposes as readonly string[]).includes(m[1]!)) return undefined;
  const type = (['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const).find((t) => extensionOf(t) === m[5]);
  if (!type) return undefined;
  return { purpose: m[1] as UploadPurpose, owner: m[2] === 'none' ? null : m[2]!, ticket: m[3] === 'none' ? null : m[3]!, id: m[4]!, type };
};

const isStaff = (auth: AuthContext) => auth.role === 'super' || auth.role === 'admin';

export const createMediaService = ({
  db,
  clock,
  store,
  secret,
  tickets,
  visitPhotos,
}: {
  db: Db;
  clock: Clock;
  store: MediaStore;
  secret: Uint8Array;
  tickets: TicketService;
  /** Photos of a visit are read by its parties (absent: only uploader and staff). */
  visitPhotos?: { canRead(auth: AuthContext, mediaId: string): Promise<boolean> };
}): MediaService => {
  const sign = (key: string, expires: string, userId: string) => createHmac('sha256', secret).update(`${key}\n${expires}\n${userId}`).digest('hex');
  const signatureOk = (given: string, expected: string) => given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

  const issue = async (auth: AuthContext, purpose: UploadPurpose, owner: string | null, ticket: string | null, type: UploadContentType, size: number): Promise<UploadAddress> => {
    const refusal = uploadRefusal(purpose, type, size);
    if (refusal) throw badRequest(refusal);
    if (ticket && !(await tickets.canRead(auth, ticket))) throw notFound('The received ticket id is invalid or does not exist');
    const key = `${purpose}/${owner ?? 'none'}/${ticket ?? 'none'}/${newId()}.${extensionOf(type)}`;
    const expires = new Date(clock.now().getTime() + UPLOAD_TTL_MS).toISOString();
    return { url: '/api/media/upload', key, expires, fields: { key, expires, signature: sign(key, expires, auth.userId) } };
  };

  /** The media row, when the caller may read it: its uploader, staff, or a reader of its ticket. */
  const readable = async (auth: AuthContext, row: MediaRow | undefined): Promise<MediaRow> => {
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    if (row.uploaderUserId === auth.userId || isStaff(auth)) return row;
    if (row.ticketId && (await tickets.canRead(auth, row.ticketId))) return row;
    if (row.purpose === 'appointment' && visitPhotos && (await visitPhotos.canRead(auth, row.id))) return row;
    throw notFound(MEDIA_NOT_FOUND);
  };

  const parseForm = async (raw: unknown, contentType: string | undefined): Promise<FormData> => {
    if (!Buffer.isBuffer(raw) || !contentType?.startsWith('multipart/form-data')) throw badRequest('Send the file as multipart/form-data with the issued fields');
    try {
      return await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw badRequest('Malformed multipart/form-data body');
    }
  };

  return {
    issueUpload: (auth, { data, file }) => issue(auth, data.purpose, auth.accountId, data.ticket_id ?? null, file.type, file.size),

    async issueUploadForAccount(auth, { data, file }) {
      if (!isStaff(auth)) throw forbidden('Only support may upload files for another account');
      const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, data.account_id));
      if (!account) throw notFound('Account not found');
      return issue(auth, data.purpose, account.id, null, file.type, file.size);
    },

    async upload(auth, raw, contentType) {
      const form = await parseForm(raw, contentType);
      for (const name of form.keys()) if (!FORM_FIELDS.has(name)) throw badRequest(`Unexpected form field '${name}': send exactly the issued fields and the file`);
      const key = form.get('key');
      const expires = form.get('expires');
      const signature = form.get('signature');
      const file = form.get('file');
      if (typeof key !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') throw badRequest('The issued fields key, expires and signature are required');
      if (!(file instanceof Blob)) throw badRequest('The file is required');
      if (!signatureOk(signature, sign(key, expires, auth.userId))) throw forbidden('The upload signature is invalid');
      if (!(Date.parse(expires) > clock.now().getTime())) throw badRequest('The upload address has expired: ask for a new one');
      const issued = parseKey(key);
      if (!issued) throw badRequest('The upload key is invalid');
      const bytes = Buffer.from(await file.arrayBuffer());
      const limit = UPLOAD_LIMITS[issued.purpose];
      const actual = sniffContentType(bytes);
      if (!actual || !(limit.types as readonly string[]).includes(actual)) throw badRequest(limit.typeMessage);
      if (actual !== issued.type) throw badRequest(`The file is ${actual}, not the ${issued.type} the upload address was issued for`);
      const refusal = uploadRefusal(issued.purpose, actual, bytes.length);
      if (refusal) throw badRequest(refusal);
      const [used] = await db.select({ id: media.id }).from(media).where(eq(media.key, key));
      if (used) throw badRequest('This upload address was used already: ask for a new one');
      await store.put(key, bytes);
      const name = (file instanceof File && file.name ? file.name : `upload.${extensionOf(actual)}`).slice(0, 200);
      const [row] = await db
        .insert(media)
        .values({
          id: issued.id,
          key,
          contentType: actual,
          name,
          size: bytes.length,
          purpose: issued.purpose,
          ownerAccountId: issued.owner,
          uploaderUserId: auth.userId,
          ticketId: null,
          createdAt: clock.now(),
        })
        .returning();
      return mediaWire(row!);
    },

    async get(auth, id) {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      return mediaWire(await readable(auth, row));
    },

    async file(auth, key) {
      const [row] = await db.select().from(media).where(eq(media.key, key));
      const visible = await readable(auth, row);
      const bytes = await store.get(visible.key);
      if (!bytes) throw notFound(MEDIA_NOT_FOUND);
      return { bytes, type: visible.contentType };
    },

    async remove(auth, { key, ticket_id }) {
      const [row] = await db.select().from(media).where(eq(media.key, key));
      const visible = await readable(auth, row);
      if (ticket_id !== undefined && visible.ticketId !== ticket_id) throw notFound(MEDIA_NOT_FOUND);
      if (visible.uploaderUserId !== auth.userId && !isStaff(auth)) throw forbidden('Only the uploader or support may delete a file');
      if (visible.ticketId && !isStaff(auth)) {
        throw forbidden('The file is part of a sent message; only support may remove it');
      }
      await db.transaction(async (tx) => {
        if (visible.ticketId) {
          await tx
            .update(ticketComments)
            .set({ media: sql`coalesce((select jsonb_agg(m) from jsonb_array_elements(${ticketComments.media}) m where m <> to_jsonb(${visible.id}::text)), '[]'::jsonb)` })
            .where(eq(ticketComments.ticketId, visible.ticketId));
        }
        await tx.delete(media).where(eq(media.id, visible.id));
      });
      await store.remove(visible.key);
    },
  };
};
