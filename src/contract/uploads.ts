import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';

/** SPEC §7: `POST /lk/api/shop/products/upload-image`, multipart with a file → `{ image_url }`. */
export const UPLOAD_IMAGE_PATH = '/shop/products/upload-image';
/** Where uploaded images are served, on the product host (ARCHITECTURE: `/lk/uploads/*`). */
export const UPLOADS_BASE = '/lk/uploads';

/** Multipart field names of the image: `file` (SPEC §7 "a file"); `image` is accepted too. */
export const UPLOAD_FILE_FIELDS = ['file', 'image'] as const;
/** SPEC §5: the image types a seller may upload (recognised by content, not by name). */
export const UPLOAD_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** For `<input type="file" accept>`; the server decides by content anyway. */
/** A phone photo is 2–8 MB; 10 MB leaves room without letting one request hold much memory. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Sharp refuses larger images before decoding them (decompression bombs): 40 MP ≈ 7300 × 5500. */
export const UPLOAD_MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of the stored copy; enough for Telegram (it shrinks photos to 1280 px) and the shop grid. */
export const UPLOAD_MAX_SIDE_PX = 2048;
/** Per-seller guard against a runaway script filling the disk (docs/decisions.md, Uploads). */
export const UPLOADS_PER_SELLER_PER_HOUR = 200;

export const uploadMessages = {
  /** SPEC §8 (Mailing): the screen's fallback when an upload fails without a server message. */
  uploadFailed: 'Не удалось загрузить изображение. Попробуйте позже.',
  /** SPEC §5 (Product): the answer has no image_url. */
  noImageUrl: 'Не удалось получить ссылку на изображение.',
  notMultipart: 'Отправьте изображение файлом (multipart/form-data) в поле «file».',
  fileMissing: 'Выберите файл изображения.',
  fileEmpty: 'Файл пустой. Выберите изображение PNG, JPEG или WebP.',
  oneFileOnly: 'Загрузите одно изображение за раз.',
  unexpectedField: 'Изображение нужно отправить в поле «file».',
  tooLarge: 'Файл слишком большой: можно загрузить изображение до 10 МБ.',
  wrongType: 'Можно загрузить только изображение PNG, JPEG или WebP.',
  corrupt: 'Не удалось прочитать изображение: файл повреждён или загружен не полностью.',
  tooManyPixels: 'Изображение слишком большое: не более 40 мегапикселей.',
  tooManyUploads: 'Слишком много загрузок за час. Попробуйте позже.',
  notFound: 'Изображение не найдено',
  storageUnavailable: 'Хранилище изображений временно недоступно. Попробуйте позже.',
  migrationTargetInvalid: 'Укажите, куда перенести изображения: --to db или --to s3.',
  migrationTargetMissing:
    'Это хранилище не настроено: для S3 задайте S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY и S3_REGION.',
} as const;

/** Multipart text fields besides the file: SPEC §7's usual `user_id`, which must be the session's. */
export const uploadFieldsSchema = z.object({ user_id: userIdSchema.optional() });
export const uploadQuerySchema = z.object({ user_id: userIdSchema.optional() });

/**
 * An optional picture link in a request (a mailing's image, a product's): empty → null, else an
 * http(s) address of at most 2000 characters. `message` is the screen's own wording.
 */
export function optionalImageUrlSchema(message: string) {
  return z
    .union([z.string().trim(), z.null()], { error: message })
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || (/^https?:\/\/\S+$/i.test(value) && value.length <= 2000), message);
}

/** SPEC §7 answer: an absolute URL, because Telegram and the Mini App fetch it from elsewhere. */
export const uploadImageResponseSchema = z.object({
  image_url: z.url(),
  /** The upload's number, for what names a picture by it (a draw's prize `image_upload_id`). */
  upload_id: z.number().int(),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

/** `npm run admin -- uploads:migrate --to db|s3`: the stores images can be moved into. */
export const IMAGE_MIGRATION_TARGETS = ['db', 's3'] as const;
/** One page per call, so no operator call runs long; the CLI pages until `next_after_id` is null. */
export const adminImageMigrationRequestSchema = z.object({
  to: z.enum(IMAGE_MIGRATION_TARGETS, { error: uploadMessages.migrationTargetInvalid }),
  after_id: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
});
export const adminImageMigrationResponseSchema = z.object({
  copied: z.number().int(),
  skipped: z.number().int(),
  missing: z.number().int(),
  failed: z.number().int(),
  next_after_id: z.number().int().nullable(),
});
export type AdminImageMigrationResponse = z.infer<typeof adminImageMigrationResponseSchema>;
