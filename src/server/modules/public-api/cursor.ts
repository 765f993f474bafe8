import { messages } from '../../../contract/messages.js';
import { cursorKey } from '../../db/cursor.js';
import { ApiProblem } from './problem.js';

/** The seller API's keys: a row's id, or a buyer's Telegram id. A cursor that does not decode to the expected key is 400. */
export function decodeCursor<T extends 'number' | 'string'>(
  cursor: string | undefined,
  kind: T,
): (T extends 'number' ? number : string) | undefined {
  if (cursor === undefined) return undefined;
  const key = cursorKey(cursor);
  const valid = kind === 'number' ? Number.isSafeInteger(key) && (key as number) > 0 : typeof key === 'string' && /^\d{1,20}$/.test(key);
  if (!valid) throw new ApiProblem(400, messages.publicApi.cursorInvalid);
  return key as T extends 'number' ? number : string;
}
