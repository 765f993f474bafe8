/**
 * PuzzleBot API ("incoming requests"): `GET https://api.puzzlebot.top/?token=…&method=…&…`,
 * success is `code` 0; at most 120 requests a minute per bot token.
 * - `variableChange` (`variable`, `expression`, `user_id`): sets a user's bot variable;
 * - `sendCommand` (`command_name`, `user_id`): runs one of the bot's commands for a user (the shop's exchange command).
 */
export interface PuzzleBotClient {
  setVariable(input: { token: string; variable: string; value: number | string; userId: string }): Promise<void>;
  runCommand(input: { token: string; command: string; userId: string }): Promise<void>;
}

export class PuzzleBotError extends Error {}

export function createPuzzleBotClient(options: { baseUrl: string; timeoutMs: number }): PuzzleBotClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  async function call(parameters: Record<string, string>): Promise<void> {
    const query = new URLSearchParams(parameters);
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
  }
  return {
    setVariable: ({ token, variable, value, userId }) =>
      call({ token, method: 'variableChange', variable, expression: String(value), user_id: userId }),
    runCommand: ({ token, command, userId }) => call({ token, method: 'sendCommand', command_name: command, user_id: userId }),
  };
}
