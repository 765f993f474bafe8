import { useMutation } from '@tanstack/react-query';
import { z } from '../../contract/zod-setup.js';
import { UPLOAD_IMAGE_PATH, uploadMessages } from '../../contract/uploads.js';
import { ApiError } from './api-error.js';
import { apiRequest } from './client.js';

/**
 * SPEC §7 POST /shop/products/upload-image answers `image_url`: an absolute address of the
 * stored picture. Read loosely, so an answer without it gets SPEC §5's own text.
 */
const uploadedImageSchema = z.object({ image_url: z.unknown().optional(), upload_id: z.number().int().optional() });

/**
 * Uploads one picture (multipart field `file`) for a mailing, a shop product or a draw's prize
 * (which names it by `uploadId`). A screen
 * passes its own text for a failure the server does not explain; an answer without
 * `image_url` is always 'Не удалось получить ссылку на изображение.' (SPEC §5).
 */
export function useUploadImageMutation({ fallbackMessage = uploadMessages.uploadFailed }: { fallbackMessage?: string } = {}) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const { image_url, upload_id } = await apiRequest({
        method: 'POST',
        path: UPLOAD_IMAGE_PATH,
        body: form,
        schema: uploadedImageSchema,
        fallbackMessage,
      });
      if (typeof image_url !== 'string' || !image_url) throw new ApiError(201, uploadMessages.noImageUrl);
      return { imageUrl: image_url, uploadId: upload_id ?? null };
    },
  });
}
