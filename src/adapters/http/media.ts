import * as Schema from 'effect/Schema';
import { Effect } from 'effect';
import type { MediaApi, UploadFile } from '../../core/ports/api/media';
import { type ApiFailure, Invalid, NetworkError, errorFromResponse } from '../../core/ports/errors';
import { decodeAt } from '../../core/ports/decode';
import { Media, UploadTicket } from '../../core/model/media';
import { API_HEADERS, DEVICE_TYPE, PLATFORM } from '../../core/rules/constants';
import { body, call } from './call';
import type { HttpClient } from './client';
import { mediaFileUrl } from './urls';

/** One multipart POST to an upload address. fetch cannot report upload progress, so the browser's uploader is XHR-based. */
export interface UploadRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly form: FormData;
  readonly signal: AbortSignal;
  readonly onProgress?: (fraction: number) => void;
}

export interface UploadResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null };
  /** The parsed JSON body, or the raw text when it is not JSON. */
  readonly body: unknown;
}

export type Uploader = (request: UploadRequest) => Promise<UploadResponse>;

/** The browser uploader: XMLHttpRequest, for its upload progress events. Rejects on a network failure or an abort. */
export const xhrUploader: Uploader = ({ url, headers, form, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = xhr.responseText;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the text
      }
      resolve({ status: xhr.status, statusText: xhr.statusText, headers: { get: (name) => xhr.getResponseHeader(name) }, body: parsed });
    };
    xhr.onerror = () => reject(new TypeError('Network Error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });

export interface MediaApiOptions {
  readonly uploader?: Uploader;
}

const DeleteResult = Schema.Struct({ success: Schema.Boolean });

/** Is the upload address our own API (so the form carries the spec's headers and the bearer token)? */
const isOwnApi = (url: string, baseUrl: string): boolean => url === baseUrl || url.startsWith(`${baseUrl}/`);

/** The issued fields, unchanged, then the content type and the file (accounts §5, the contract's UploadForm). */
const uploadForm = (ticket: UploadTicket, file: UploadFile): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('Content-Type', file.type);
  form.append('file', file.body, file.name);
  return form;
};

/** The media tag (accounts §7): ask for an upload address, post the form to it, read and delete files. */
export const mediaApi = (http: HttpClient, options: MediaApiOptions = {}): MediaApi => {
  const { client, baseUrl } = http;
  const uploader = options.uploader ?? xhrUploader;

  const headersFor = async (url: string): Promise<Record<string, string>> => {
    if (!isOwnApi(url, baseUrl)) return {};
    const token = await http.token();
    return {
      [API_HEADERS.platform]: PLATFORM,
      [API_HEADERS.appVersion]: http.appVersion,
      [API_HEADERS.deviceType]: DEVICE_TYPE,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
  };

  const upload: MediaApi['upload'] = (ticket, file, onProgress) =>
    Effect.tryPromise({
      try: async (signal) => {
        const headers = await headersFor(ticket.url);
        return uploader({ url: ticket.url, headers, form: uploadForm(ticket, file), signal, ...(onProgress ? { onProgress } : {}) });
      },
      catch: () => new NetworkError({}),
    }).pipe(
      Effect.flatMap((response): Effect.Effect<Media, ApiFailure> => {
        http.observe(response.status, response.headers, response.body);
        if (response.status < 200 || response.status > 299) return Effect.fail(errorFromResponse(response.status, response.body, response.statusText));
        return decodeAt(Media)(response.body).pipe(Effect.tap(() => Effect.sync(() => onProgress?.(1))));
      }),
    );

  return {
    getUploadUrl: (input) => call((signal) => client.PUT('/media/upload/getUrl', { body: input, signal }), body(UploadTicket)),
    getUploadUrlForAccount: (input) =>
      call((signal) => client.PUT('/media/upload/getUrlForAccount', { body: input, signal }), body(UploadTicket)),
    upload,
    fileUrl: (key) => mediaFileUrl(baseUrl, key),
    fileAddress: (key) =>
      call(
        (signal) => client.GET('/media/file', { params: { query: { key } }, parseAs: 'blob', signal }),
        (data) =>
          data instanceof Blob && typeof URL.createObjectURL === 'function'
            ? Effect.succeed(URL.createObjectURL(data))
            : Effect.fail(new Invalid({ message: 'Invalid response: the file is not readable here' })),
      ),
    deleteFile: (input) => call((signal) => client.PUT('/media/file/delete', { body: input, signal }), body(DeleteResult)),
    getOne: (id) => call((signal) => client.GET('/media/one/{id}', { params: { path: { id } }, signal }), body(Media)),
  };
};
