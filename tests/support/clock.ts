import { expect } from 'vitest';

/** The demo test clock (`/__emulators/clock`): any method, its status and answer. */
export async function clockCall(url: string, method: string, body?: unknown) {
  const response = await fetch(`${url}/__emulators/clock`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Moves the clock and answers what the jobs did; fails the test on anything but 200. */
export async function advance(url: string, seconds: number): Promise<{ offset_seconds: number; now: string; ran: string[] }> {
  const answer = await clockCall(url, 'POST', { advance_seconds: seconds });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as never;
}
