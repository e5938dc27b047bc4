import { defineOperation, type OperationModule } from './define';

/**
 * Media: the upload-address flow and reads of stored files. Any signed-in person may upload their own files;
 * who may read one (its uploader, staff, readers of its ticket) is the media service's check (404 otherwise).
 */
export const operations: OperationModule = [
  defineOperation('getUploadUrl', {
    access: 'signed-in',
    handler: async ({ auth, body, services }) => services.media.issueUpload(auth, body),
  }),
  defineOperation('getUploadUrlForAccount', {
    access: ['super', 'admin'],
    handler: async ({ auth, body, services }) => services.media.issueUploadForAccount(auth, body),
  }),
  defineOperation('uploadMedia', {
    access: 'signed-in',
    handler: async ({ auth, request, services, reply }) => {
      const stored = await services.media.upload(auth, request.body, request.headers['content-type']);
      void reply.code(201);
      return stored;
    },
  }),
  defineOperation('getMedia', {
    access: 'signed-in',
    handler: async ({ auth, params, services }) => services.media.get(auth, params.id),
  }),
  defineOperation('getMediaFile', {
    access: 'signed-in',
    handler: async ({ auth, query, services, reply }) => {
      const { bytes, type } = await services.media.file(auth, query.key);
      await reply.type(type).header('cache-control', 'private, max-age=300').send(bytes);
    },
  }),
  defineOperation('deleteMediaFile', {
    access: 'signed-in',
    handler: async ({ auth, body, services }) => {
      await services.media.remove(auth, body);
      return { success: true };
    },
  }),
];
