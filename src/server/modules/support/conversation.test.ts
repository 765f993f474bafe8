import { describe, expect, it } from 'vitest';
import { beginsConversation } from './conversation.js';

const now = new Date('2026-03-02T12:00:00Z');
const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('a support conversation', () => {
  it('begins with a thread’s first message', () => {
    expect(beginsConversation(null, now)).toBe(true);
  });

  it('goes on while someone wrote within the last 24 hours', () => {
    expect(beginsConversation(hoursBefore(0), now)).toBe(false);
    expect(beginsConversation(hoursBefore(23.99), now)).toBe(false);
  });

  it('begins again after 24 hours in which neither side wrote', () => {
    expect(beginsConversation(hoursBefore(24), now)).toBe(true);
    expect(beginsConversation(hoursBefore(72), now)).toBe(true);
  });
});
