/**
 * A shopper may send a few messages a minute; past that the bot says once that it needs a pause
 * and then stays quiet until the minute has passed (per instance: a guard, not an exact quota).
 */
export function createFloodGuard(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const seen = new Map<string, number[]>();
  return function check(botId: number, chatId: number): 'ok' | 'first_over' | 'over' {
    const key = `${botId}:${chatId}`;
    const since = now() - options.windowMs;
    const recent = (seen.get(key) ?? []).filter((at) => at > since);
    recent.push(now());
    seen.set(key, recent);
    if (seen.size > 10_000) for (const [k, times] of seen) if (times.every((at) => at <= since)) seen.delete(k);
    if (recent.length <= options.limit) return 'ok';
    return recent.length === options.limit + 1 ? 'first_over' : 'over';
  };
}
