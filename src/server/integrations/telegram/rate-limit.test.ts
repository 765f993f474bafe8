import { describe, expect, it } from 'vitest';
import { SendLimiter, TokenBucket } from './rate-limit.js';

describe('token bucket', () => {
  it('starts full, empties, and refills at its rate', () => {
    const bucket = new TokenBucket(2, 1, 0);
    expect(bucket.waitMs(0)).toBe(0);
    bucket.take(0);
    bucket.take(0);
    expect(bucket.waitMs(0)).toBe(1000);
    expect(bucket.waitMs(400)).toBe(600);
    expect(bucket.waitMs(1000)).toBe(0);
    expect(bucket.isFull(3000)).toBe(true);
  });
});

describe('send limiter (30 a second per bot, 1 a second per chat)', () => {
  it('lets 30 messages to different chats through at once and refuses the 31st for 1 second', () => {
    const limiter = new SendLimiter();
    for (let chat = 1; chat <= 30; chat++) expect(limiter.trySend(1, chat, 0)).toBeUndefined();
    expect(limiter.trySend(1, 31, 0)).toEqual({ retryAfterSeconds: 1 });
    // One more message a 30th of a second later.
    expect(limiter.trySend(1, 31, 34)).toBeUndefined();
    expect(limiter.trySend(1, 32, 34)).toEqual({ retryAfterSeconds: 1 });
  });

  it('allows one message a second to the same chat', () => {
    const limiter = new SendLimiter();
    expect(limiter.trySend(1, 5, 0)).toBeUndefined();
    expect(limiter.trySend(1, 5, 500)).toEqual({ retryAfterSeconds: 1 });
    expect(limiter.trySend(1, 5, 1000)).toBeUndefined();
  });

  it('keeps bots apart', () => {
    const limiter = new SendLimiter();
    expect(limiter.trySend(1, 5, 0)).toBeUndefined();
    expect(limiter.trySend(2, 5, 0)).toBeUndefined();
  });

  it('takes nothing from the bot bucket when the chat refuses', () => {
    const limiter = new SendLimiter();
    limiter.trySend(1, 5, 0);
    for (let attempt = 0; attempt < 100; attempt++) limiter.trySend(1, 5, 0);
    for (let chat = 100; chat < 129; chat++) expect(limiter.trySend(1, chat, 0)).toBeUndefined();
  });
});
