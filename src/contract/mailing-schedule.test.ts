import { describe, expect, it } from 'vitest';
import { moscowLocalInput, parseSendAt } from './mailing-schedule.js';

describe('a mailing’s send time', () => {
  it('reads a time without a zone as Moscow time, and one with a zone as given', () => {
    expect(parseSendAt('2026-12-01T10:00')).toEqual(new Date('2026-12-01T07:00:00Z'));
    expect(parseSendAt('2026-12-01T10:00:30')).toEqual(new Date('2026-12-01T07:00:30Z'));
    expect(parseSendAt('2026-12-01T10:00:00.000Z')).toEqual(new Date('2026-12-01T10:00:00Z'));
    expect(parseSendAt('2026-12-01T10:00+05:00')).toEqual(new Date('2026-12-01T05:00:00Z'));
  });

  it('refuses what is not a time, and days the calendar lacks', () => {
    for (const text of ['', 'завтра', '2026-12-01', '2026-12-01 10:00', '2026-13-01T10:00', '2026-02-30T10:00', '2026-02-30T10:00Z'])
      expect(parseSendAt(text), text).toBeNull();
  });

  it('shows a moment as the form’s Moscow time field does', () => {
    expect(moscowLocalInput(new Date('2026-12-01T22:30:00Z'))).toBe('2026-12-02T01:30');
  });
});
