import { z } from '../../../../contract/zod-setup.js';

/** A server's success message carried to the next screen in router state (after create or delete). */
const messageStateSchema = z.object({ message: z.string().min(1) });

export function readLocationMessage(state: unknown): string | undefined {
  const parsed = messageStateSchema.safeParse(state);
  return parsed.success ? parsed.data.message : undefined;
}
