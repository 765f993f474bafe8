import { z } from './zod-setup.js';

/** Every error the API answers with: `{ "message": "<Russian text>" }`. */
export const errorResponseSchema = z.object({ message: z.string() });

/**
 * 402 when the balance cannot pay a charge (activation, a new action, a renewal):
 * the message names the amounts, `shortfall` is the missing part in rubles, so the
 * cabinet can offer a top-up of exactly that without reading the text.
 */
export const insufficientFundsResponseSchema = z.object({ message: z.string(), shortfall: z.number().positive() });
export type InsufficientFundsResponse = z.infer<typeof insufficientFundsResponseSchema>;
