import { z } from 'zod';

// Zod's built-in messages in Russian for every rule that carries no text of its own,
// so neither the server nor the web app ever shows an English validation message.
z.config(z.locales.ru());

export { z };

/** A number, or a string holding one (HTML inputs and hand-written clients send both). */
export function numberLike(message: string) {
  return z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+([.,]\d+)?$/, message)
        .transform((s) => Number(s.replace(',', '.'))),
    ],
    { error: message },
  );
}
