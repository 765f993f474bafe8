import { z } from './zod-setup.js';

/** Every error the API answers with: `{ "message": "<Russian text>" }`. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
