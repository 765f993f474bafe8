import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDateTimeSpan,
  formatDayMonthTime,
  formatDays,
  formatPoints,
  pluralRu,
  RECEIPT_WORDS,
} from './format.js';

const recipients = { one: 'получателю', few: 'получателям', many: 'получателям' };
const receipts = { one: 'чек', few: 'чека', many: 'чеков' };

describe('pluralRu', () => {
  it('agrees with 1, 21 and 101 in the singular form', () => {
    for (const count of [1, 21, 101]) expect(pluralRu(count, recipients)).toBe('получателю');
  });

  it('takes the few form for 2–4, 22–24 and the many form for 0, 5–20, 111', () => {
    expect([2, 3, 4, 22].map((count) => pluralRu(count, receipts))).toEqual(['чека', 'чека', 'чека', 'чека']);
    expect([0, 5, 11, 12, 14, 20, 111].map((count) => pluralRu(count, receipts))).toEqual(Array(7).fill('чеков'));
  });
});

describe('formatCount', () => {
  const counts = [0, 1, 2, 5, 11, 12, 14, 21, 22, 25, 101, 111, 773];

  it('puts the points word that agrees with each number after it', () => {
    expect(counts.map(formatPoints)).toEqual([
      '0 баллов',
      '1 балл',
      '2 балла',
      '5 баллов',
      '11 баллов',
      '12 баллов',
      '14 баллов',
      '21 балл',
      '22 балла',
      '25 баллов',
      '101 балл',
      '111 баллов',
      '773 балла',
    ]);
  });

  it('agrees days and receipts the same way', () => {
    expect(counts.map(formatDays)).toEqual([
      '0 дней',
      '1 день',
      '2 дня',
      '5 дней',
      '11 дней',
      '12 дней',
      '14 дней',
      '21 день',
      '22 дня',
      '25 дней',
      '101 день',
      '111 дней',
      '773 дня',
    ]);
    expect([1, 3, 50].map((count) => formatCount(count, RECEIPT_WORDS))).toEqual(['1 чек', '3 чека', '50 чеков']);
  });

  it('groups the thousands of a large count as ru-RU writes them', () => {
    expect(formatPoints(1501)).toBe('1\u00a0501 балл');
  });
});

// The machine's and the browser's zone may be anything: every moment below is written with its offset.
describe('formatDate', () => {
  it('shows day, month and year of the Moscow calendar', () => {
    expect(formatDate(new Date('2025-10-28T09:00:00Z'))).toBe('28.10.2025');
    expect(formatDate('2025-01-05T12:00:00.000Z')).toBe('05.01.2025');
  });

  it('counts a moment after Moscow midnight to the next day, wherever it is formatted', () => {
    expect(formatDate('2025-10-28T21:30:00Z')).toBe('29.10.2025');
    expect(formatDate('2025-10-28T20:59:00Z')).toBe('28.10.2025');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDayMonth', () => {
  it('shows the day and month of the Moscow calendar, as ДД.ММ', () => {
    expect(formatDayMonth('2025-01-05T12:00:00.000Z')).toBe('05.01');
    expect(formatDayMonth('2025-10-28T21:30:00Z')).toBe('29.10');
    expect(formatDayMonth('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows the date and the Moscow time to the minute, saying it is Moscow’s', () => {
    expect(formatDateTime(new Date('2025-10-28T11:05:00Z'))).toBe('28.10.2025, 14:05 МСК');
    expect(formatDateTime('2025-10-28T21:30:00Z')).toBe('29.10.2025, 00:30 МСК');
  });

  it('leaves the zone out when asked', () => {
    expect(formatDateTime('2025-10-28T11:05:00Z', { withZone: false })).toBe('28.10.2025, 14:05');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDateTimeSpan', () => {
  it('shows one date and two times for a run within a Moscow day', () => {
    expect(formatDateTimeSpan('2025-10-28T11:05:00Z', '2025-10-28T15:40:00Z')).toBe('28.10.2025, 14:05 – 18:40 МСК');
  });

  it('shows two full date-times for a run across Moscow midnight', () => {
    expect(formatDateTimeSpan('2025-10-28T20:00:00Z', '2025-10-28T21:10:00Z')).toBe('28.10.2025, 23:00 МСК – 29.10.2025, 00:10 МСК');
  });

  it('shows one date-time for a run within a minute', () => {
    expect(formatDateTimeSpan('2025-10-28T11:05:10Z', '2025-10-28T11:05:50Z')).toBe('28.10.2025, 14:05 МСК');
  });
});

describe('formatDayMonthTime', () => {
  it('shows the Moscow day, the month in words and the time', () => {
    expect(formatDayMonthTime('2025-10-28T11:05:00Z')).toBe('28 октября в 14:05 МСК');
    expect(formatDayMonthTime('not a date')).toBe('');
  });
});
