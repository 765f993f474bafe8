import { PROBLEM_TITLES, type Problem } from '../../../contract/public-api.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** A refusal of the seller API with a status the cabinet's error codes lack (422) or its own headers. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }
}

/**
 * RFC 9457: `type` names the kind of problem (a URN: nothing to fetch), `title` is the status's
 * short Russian name, `detail` the same Russian text the cabinet's API would answer.
 */
export function problemOf(status: number, detail: string): Problem {
  return { type: `urn:scanapp:problem:${status}`, title: PROBLEM_TITLES[status] ?? PROBLEM_TITLES[500]!, status, detail };
}
