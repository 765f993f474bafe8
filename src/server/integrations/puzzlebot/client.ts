/**
 * PuzzleBot API: `GET https://api.puzzlebot.top/?token=…&method=variableChange&variable=…&expression=…&user_id=…`,
 * success is `code` 0; at most 120 requests a minute per bot token.
 */
export interface PuzzleBotClient {
  setVariable(input: { token: string; variable: string; value: number; userId: string }): Promise<void>;
}

export class PuzzleBotError extends Error {}

export function createPuzzleBotClient(options: { baseUrl: string; timeoutMs: number }): PuzzleBotClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async setVariable({ token, variable, value, userId }) {
      const query = new URLSearchParams({ token, method: 'variableChange', variable, expression: String(value), user_id: userId });
      let response: Response;
      try {
        response = await fetch(`${base}/?${query}`, { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        throw new PuzzleBotError(`network: ${(error as Error).message}`);
      }
      const text = await response.text();
      let body: { code?: unknown; message?: unknown } = {};
      try {
        body = JSON.parse(text);
      } catch {
        throw new PuzzleBotError(`HTTP ${response.status}: not JSON`);
      }
      if (body.code !== 0) throw new PuzzleBotError(`code ${String(body.code)}: ${String(body.message ?? text).slice(0, 200)}`);
    },
  };
}
