import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/error-responses.js';
import { messages } from '../../../contract/messages.js';
import {
  UPLOAD_FILE_FIELDS,
  UPLOAD_IMAGE_PATH,
  UPLOAD_MAX_BYTES,
  uploadFieldsSchema,
  uploadImageResponseSchema,
  uploadMessages,
  uploadQuerySchema,
} from '../../../contract/uploads.js';
import { AppError } from '../../errors.js';
import type { PublicUrlOf } from '../../http/public-url.js';
import { requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { etagOf, openStoredImage, uploadImage, type UploadDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 413, 415, 429);

/** Two files at most, so a second one is seen and refused with a clear 400 rather than a parser limit. */
const FORM_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 5, fieldSize: 100, parts: 8, headerPairs: 20 };
const isFileField = (name: string) => (UPLOAD_FILE_FIELDS as readonly string[]).includes(name);

/**
 * Reads the whole form before answering (a refusal mid-upload would reset the client's
 * connection): the image bytes and the text fields.
 */
async function readUploadForm(request: FastifyRequest): Promise<{ file: Buffer; fields: Record<string, string> }> {
  let file: Buffer | undefined;
  let refusal: string | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      if (!isFileField(part.fieldname)) refusal ??= uploadMessages.unexpectedField;
      else if (file) refusal ??= uploadMessages.oneFileOnly;
      else file = data;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', uploadMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new AppError('bad_request', uploadMessages.oneFileOnly);
    // Anything else here is a malformed form (no boundary, cut short, too many parts).
    throw new AppError('bad_request', uploadMessages.notMultipart);
  }
  if (refusal) throw new AppError('bad_request', refusal);
  if (!file) throw new AppError('bad_request', uploadMessages.fileMissing);
  return { file, fields };
}

/** `POST /lk/api/shop/products/upload-image` (SPEC §7), shared by the shop and mailings. */
export function uploadRoutes(deps: UploadDeps & AuthDeps & { publicUrlOf: PublicUrlOf }): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart is parsed in this scope only: every other API call stays JSON-only.
    await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: true });

    app.post(
      UPLOAD_IMAGE_PATH,
      {
        schema: {
          tags: ['uploads'],
          summary: 'Upload a product or mailing image',
          description:
            'multipart/form-data: the image in the field `file` (or `image`), PNG, JPEG or WebP by content, up to 10 MB; optional field `user_id`. ' +
            'Stored re-encoded (JPEG, or PNG when transparent; metadata stripped; longest side ≤ 2048 px); answers its absolute URL.',
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          querystring: uploadQuerySchema,
          response: { 201: uploadImageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const sellerId = await requireSeller(deps, request, request.query.user_id);
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', uploadMessages.notMultipart);
        const { file, fields } = await readUploadForm(request);
        const claimed = uploadFieldsSchema.safeParse(fields);
        if (!claimed.success) throw new AppError('bad_request', claimed.error.issues[0]?.message ?? uploadMessages.uploadFailed);
        // The form may name the seller too (SPEC §7's usual user_id): it must be the session's.
        if (claimed.data.user_id !== undefined && claimed.data.user_id !== sellerId)
          throw new AppError('forbidden', messages.common.forbidden);
        const answer = await uploadImage({ ...deps, publicUrl: deps.publicUrlOf(request) }, { sellerId, data: file });
        return reply.status(201).send(answer);
      },
    );
  };
}

/** A year: a stored image never changes, a new upload gets a new key. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `GET /lk/uploads/<sellerId>/<random>.<ext>`: public, since the key is unguessable. */
export function uploadServingRoutes(deps: Pick<UploadDeps, 'db' | 'storage'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const image = await openStoredImage(deps, key, request.headers['if-none-match']);
      if (!image) throw new AppError('not_found', uploadMessages.notFound);
      reply.header('etag', etagOf(image)).header('cache-control', IMMUTABLE);
      if (image.notModified) return reply.status(304).send();
      return reply
        .header('content-type', image.contentType)
        .header('content-length', image.byteSize)
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    });
  };
}
