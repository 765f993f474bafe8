import { z } from './zod-setup.js';

// The daily bonus's wheel of fortune in the Mini App: `GET /lk/api/public/shop/{token}/wheel` (the
// wheel and today's spin, if any) and `POST …/wheel/spin` (the server draws the sector once per
// Moscow day, stores it, then answers; the wheel only shows where it stopped).

/** Where the wheel stopped: the sector's place on the wheel and its label when drawn, and the prize. */
export const wheelSpinSchema = z.object({
  sector: z.number().int(),
  label: z.string(),
  points: z.number().int(),
  promo_code: z.string().nullable(),
});
export type WheelSpin = z.infer<typeof wheelSpinSchema>;

export const wheelStateSchema = z.object({
  sectors: z.array(z.object({ label: z.string() })),
  /** Today's spin; null while the shopper may spin. */
  spin: wheelSpinSchema.nullable(),
  /** What the shopper reads under the wheel: today's result, or why they cannot spin; null while they may. */
  message: z.string().nullable(),
});
export type WheelState = z.infer<typeof wheelStateSchema>;

export const wheelSpinResponseSchema = z.object({ message: z.string(), spin: wheelSpinSchema, points: z.number().int() });
export type WheelSpinResponse = z.infer<typeof wheelSpinResponseSchema>;
