/** A call the server refused or that never reached it; `message` is ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The text a screen shows for a failed call: the server's, or the screen's fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
