import { describe, expect, it } from 'vitest';
import { CHAT_SEND_GAP_MS, ChatPacer } from './chat-pacing.js';

/** A pacer on a hand-moved clock: `sleep` moves it, so the test never waits. */
function pacerOnClock() {
  let now = 10_000;
  const slept: number[] = [];
  const pacer = new ChatPacer(
    () => now,
    async (ms) => {
      slept.push(ms);
      now += ms;
    },
  );
  return { pacer, slept, advance: (ms: number) => (now += ms), at: () => now };
}

describe('ChatPacer', () => {
  it('lets the first send to a chat go at once and holds the next until a full gap after the last one ended', async () => {
    const { pacer, slept, advance, at } = pacerOnClock();
    const sentAt: number[] = [];
    await pacer.paced('bot', 7, async () => {
      sentAt.push(at());
      advance(120); // the send itself takes a while: the gap counts from its end
    });
    await pacer.paced('bot', 7, async () => void sentAt.push(at()));
    expect(slept).toEqual([CHAT_SEND_GAP_MS]);
    expect(sentAt[1]! - sentAt[0]!).toBe(120 + CHAT_SEND_GAP_MS);
  });

  it('never holds another chat or another bot, nor a chat written to more than a gap ago', async () => {
    const { pacer, slept, advance } = pacerOnClock();
    await pacer.paced('bot', 7, async () => undefined);
    await pacer.paced('bot', 8, async () => undefined);
    await pacer.paced('other-bot', 7, async () => undefined);
    advance(CHAT_SEND_GAP_MS);
    await pacer.paced('bot', 7, async () => undefined);
    expect(slept).toEqual([]);
  });

  it('counts a refused send too, and passes its error on', async () => {
    const { pacer, slept } = pacerOnClock();
    await expect(pacer.paced('bot', 7, () => Promise.reject(new Error('429')))).rejects.toThrow('429');
    await pacer.paced('bot', 7, async () => undefined);
    expect(slept).toEqual([CHAT_SEND_GAP_MS]);
  });
});
