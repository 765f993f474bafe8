import type { FastifyPluginAsync } from 'fastify';

/**
 * Stand-in for PuzzleBot's API (demo mode), under /__emulators/puzzlebot: `variableChange` and
 * `sendCommand` with the real parameters and the 120-requests-a-minute limit per bot token.
 * `GET /variables` lists the variables per bot and user, `GET /commands` the commands run;
 * `POST /outage` makes one bot token fail until told otherwise (to test that nothing is lost).
 */
const LIMIT_PER_MINUTE = 120;

export function puzzleBotEmulator(): FastifyPluginAsync {
  const variables = new Map<string, { token: string; user_id: string; variable: string; value: number | string; updated_at: string }>();
  const commands: { token: string; user_id: string; command_name: string; at: string }[] = [];
  const requestTimes = new Map<string, number[]>();
  const down = new Set<string>();

  return async (app) => {
    app.get('/', async (request) => {
      const q = request.query as Record<string, string | undefined>;
      if (!q.token) return { code: 1, message: 'token is required' };
      if (down.has(q.token)) return { code: 500, message: 'Service unavailable' };
      const now = Date.now();
      const recent = (requestTimes.get(q.token) ?? []).filter((t) => now - t < 60_000);
      if (recent.length >= LIMIT_PER_MINUTE) return { code: 429, message: 'Too many requests' };
      requestTimes.set(q.token, [...recent, now]);
      if (q.method === 'sendCommand') {
        if (!q.command_name || !q.user_id) return { code: 3, message: 'command_name and user_id are required' };
        commands.push({ token: q.token, user_id: q.user_id, command_name: q.command_name, at: new Date(now).toISOString() });
        return { code: 0, message: 'OK' };
      }
      if (q.method !== 'variableChange') return { code: 2, message: `unknown method ${q.method ?? ''}` };
      if (!q.variable || !q.user_id || q.expression === undefined) {
        return { code: 3, message: 'variable, expression and user_id are required' };
      }
      const key = `${q.token}\u0000${q.user_id}\u0000${q.variable}`;
      // Numbers stay numbers; other text (a product's title) is stored as text.
      const value = /^-?\d+(\.\d+)?$/.test(q.expression) ? Number(q.expression) : q.expression;
      variables.set(key, { token: q.token, user_id: q.user_id, variable: q.variable, value, updated_at: new Date(now).toISOString() });
      return { code: 0, message: 'OK' };
    });

    app.get('/variables', async () => [...variables.values()]);
    app.get('/commands', async () => commands);

    app.post('/outage', async (request) => {
      const body = (request.body ?? {}) as { token?: string; down?: boolean };
      if (!body.token) return { ok: false };
      if (body.down) down.add(body.token);
      else down.delete(body.token);
      return { ok: true };
    });
  };
}
