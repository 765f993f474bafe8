/**
 * Telegram asks a bot to send one chat at most one message a second and answers 429 to more. A
 * shopper who writes quickly (a survey's answers, a menu, then a button) would otherwise have the
 * second answer refused and retried seconds later; here it waits out the rest of the second.
 * Per process: a chat's answers go out in order on the instance that drains them (updates.ts), and
 * a send that still collides (another instance, a notice) is refused and retried as before.
 */
export const CHAT_SEND_GAP_MS = 1_000;
/** Chats last written to longer ago than the gap carry no state; pruned once there are this many. */
const CHATS_BEFORE_PRUNING = 10_000;

export class ChatPacer {
  private readonly lastSentAt = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /**
   * Runs `send` no sooner than the gap after the last send to the chat ended. The time is taken
   * when a send ends (delivered or refused), so the next one reaches Telegram a full gap later.
   */
  async paced<T>(token: string, chatId: number | string, send: () => Promise<T>): Promise<T> {
    const key = `${token}:${chatId}`;
    const wait = (this.lastSentAt.get(key) ?? -Infinity) + CHAT_SEND_GAP_MS - this.now();
    if (wait > 0) await this.sleep(wait);
    try {
      return await send();
    } finally {
      this.remember(key);
    }
  }

  private remember(key: string): void {
    const now = this.now();
    if (this.lastSentAt.size >= CHATS_BEFORE_PRUNING) {
      for (const [chat, at] of this.lastSentAt) if (at + CHAT_SEND_GAP_MS <= now) this.lastSentAt.delete(chat);
    }
    this.lastSentAt.set(key, now);
  }
}

/** The process's pacer: the bot's answers and its notices share each chat's second. */
export const chatPacer = new ChatPacer();
