import { describe, expect, it } from 'vitest';
import { accountLink, linkProblem } from './link-state.js';

const now = new Date('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('account links', () => {
  it('is usable before its expiry and while unused', () => {
    expect(linkProblem({ usedAt: null, expiresAt: later(1) }, now)).toBeNull();
  });

  it('expires at its expiry time exactly', () => {
    expect(linkProblem({ usedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(linkProblem({ usedAt: null, expiresAt: later(-1) }, now)).toBe('expired');
  });

  it('says "used" for a used link, even an expired one', () => {
    expect(linkProblem({ usedAt: later(-10), expiresAt: later(-1) }, now)).toBe('used');
    expect(linkProblem({ usedAt: later(-10), expiresAt: later(60_000) }, now)).toBe('used');
  });

  it('says "unknown" for a token that was never issued', () => {
    expect(linkProblem(undefined, now)).toBe('unknown');
  });

  it('builds the link under the public address', () => {
    expect(accountLink('https://scan.example', '/reset-password', 'abc_-1')).toBe('https://scan.example/reset-password?token=abc_-1');
  });
});
