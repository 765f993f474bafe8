import { useMutation } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import { UPLOAD_IMAGE_PATH, uploadImageResponseSchema, uploadMessages } from '../../contract/uploads.js';
import { apiRequest } from './client.js';

/**
 * Uploads one picture (multipart field `file`, SPEC §7) for a mailing or a shop product and
 * answers its absolute address. A screen passes its own text for a failure the server does
 * not explain (the shop's product form: 'Не удалось получить ссылку на изображение.').
 */
export function useUploadImageMutation({ fallbackMessage = uploadMessages.uploadFailed }: { fallbackMessage?: string } = {}) {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const { image_url } = await apiRequest({
        method: 'POST',
        path: UPLOAD_IMAGE_PATH,
        body: form,
        schema: uploadImageResponseSchema,
        fallbackMessage,
      });
      return image_url;
    },
  });
}
