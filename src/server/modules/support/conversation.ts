import { SUPPORT_CONVERSATION_SILENCE_MS } from '../../../contract/support.js';

/**
 * A conversation is a run of a thread's messages with no silence of 24 hours between them: the
 * thread's first message begins one, and so does a shopper's message after a day in which neither
 * side wrote. A reply of the seller continues it (no acknowledgement after every answer).
 */
export function beginsConversation(lastMessageAt: Date | null, now: Date): boolean {
  return lastMessageAt === null || now.getTime() - lastMessageAt.getTime() >= SUPPORT_CONVERSATION_SILENCE_MS;
}
