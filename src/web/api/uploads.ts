import { useMutation } from '@tanstack/react-query';
import { z } from '../../contract/zod-setup.js';
import { messages } from '../../contract/messages.js';
import { apiRequest } from './client.js';

/** SPEC §7 POST /shop/products/upload-image answers `image_url`: an absolute address of the stored picture. */
const uploadedImageSchema = z.object({ image_url: z.string().min(1) });

/**
 * Uploads one picture (multipart field `file`) for a mailing or a shop product. A screen
 * passes its own text for a failure the server does not explain (the shop's product form
 * says 'Не удалось получить ссылку на изображение.' when the answer has no `image_url`).
 */
export function useUploadImageMutation({ fallbackMessage = messages.mailing.imageUploadFailed }: { fallbackMessage?: string } = {}) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const { image_url } = await apiRequest({
        method: 'POST',
        path: '/shop/products/upload-image',
        body: form,
        schema: uploadedImageSchema,
        fallbackMessage,
      });
      return image_url;
    },
  });
}
