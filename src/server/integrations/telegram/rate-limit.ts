/**
 * Token buckets, the model of Telegram's sending limits the emulator enforces:
 * a bucket holds at most `capacity` sends and refills `refillPerSecond` of them every second.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAtMs: number;

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    nowMs: number,
  ) {
    this.tokens = capacity;
    this.updatedAtMs = nowMs;
  }

  /** Milliseconds until one send is allowed (0 = now). */
  waitMs(nowMs: number): number {
    this.refill(nowMs);
    return this.tokens >= 1 ? 0 : ((1 - this.tokens) / this.refillPerSecond) * 1000;
  }

  take(nowMs: number): void {
    this.refill(nowMs);
    this.tokens -= 1;
  }

  isFull(nowMs: number): boolean {
    this.refill(nowMs);
    return this.tokens >= this.capacity;
  }

  private refill(nowMs: number): void {
    const elapsedMs = Math.max(0, nowMs - this.updatedAtMs);
    this.tokens = Math.min(this.capacity, this.tokens + (elapsedMs / 1000) * this.refillPerSecond);
    this.updatedAtMs = nowMs;
  }
}

/** Telegram's documented limits for one bot: about 30 messages a second overall, 1 a second per chat. */
export const SEND_LIMITS = {
  perBot: { capacity: 30, refillPerSecond: 30 },
  perChat: { capacity: 1, refillPerSecond: 1 },
} as const;

/** Chat buckets of idle chats are forgotten once there are this many (a full bucket carries no state). */
const CHAT_BUCKETS_BEFORE_PRUNING = 10_000;

/**
 * Both limits of every bot. `trySend` takes a send from both buckets or from neither,
 * answering how many whole seconds to wait (at least 1, as Telegram's `retry_after`).
 */
export class SendLimiter {
  private readonly botBuckets = new Map<number, TokenBucket>();
  private readonly chatBuckets = new Map<string, TokenBucket>();

  trySend(botId: number, chatId: number, nowMs: number): { retryAfterSeconds: number } | undefined {
    const botBucket = this.bucket(this.botBuckets, botId, SEND_LIMITS.perBot, nowMs);
    const chatBucket = this.bucket(this.chatBuckets, `${botId}:${chatId}`, SEND_LIMITS.perChat, nowMs);
    const waitMs = Math.max(botBucket.waitMs(nowMs), chatBucket.waitMs(nowMs));
    if (waitMs > 0) return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    botBucket.take(nowMs);
    chatBucket.take(nowMs);
    return undefined;
  }

  private bucket<K>(
    buckets: Map<K, TokenBucket>,
    key: K,
    limit: { capacity: number; refillPerSecond: number },
    nowMs: number,
  ): TokenBucket {
    let bucket = buckets.get(key);
    if (!bucket) {
      if (buckets.size >= CHAT_BUCKETS_BEFORE_PRUNING) {
        for (const [k, b] of buckets) if (b.isFull(nowMs)) buckets.delete(k);
      }
      bucket = new TokenBucket(limit.capacity, limit.refillPerSecond, nowMs);
      buckets.set(key, bucket);
    }
    return bucket;
  }
}
