import { describe, expect, it } from 'vitest';
import {
  formatChartDay,
  formatNumber,
  formatRubles,
  formatRublesWithKopecks,
  formatSignedNumber,
  maskSecret,
  formatPercent,
} from './format.js';

// ru-RU separates thousands with a no-break space and puts one before the ruble sign.
const nbsp = '\u00a0';

describe('formatRubles', () => {
  it('shows whole amounts without kopecks', () => {
    expect(formatRubles(0)).toBe(`0${nbsp}₽`);
    expect(formatRubles(20000)).toBe(`20${nbsp}000${nbsp}₽`);
  });

  it('shows kopecks with two digits and a comma', () => {
    expect(formatRubles(1000.5)).toBe(`1${nbsp}000,50${nbsp}₽`);
    expect(formatRubles(0.75)).toBe(`0,75${nbsp}₽`);
  });

  it('rounds to whole kopecks', () => {
    expect(formatRubles(1.999)).toBe(`2${nbsp}₽`);
    expect(formatRubles(1.234)).toBe(`1,23${nbsp}₽`);
  });

  it('never shows a negative zero', () => {
    expect(formatRubles(-0.001)).toBe(`0${nbsp}₽`);
  });
});

describe('formatRublesWithKopecks', () => {
  it('always shows two kopeck digits', () => {
    expect(formatRublesWithKopecks(1000)).toBe(`1${nbsp}000,00${nbsp}₽`);
    expect(formatRublesWithKopecks(0.5)).toBe(`0,50${nbsp}₽`);
    expect(formatRublesWithKopecks(1234567.891)).toBe(`1${nbsp}234${nbsp}567,89${nbsp}₽`);
  });

  it('never shows a negative zero', () => {
    expect(formatRublesWithKopecks(-0.001)).toBe(`0,00${nbsp}₽`);
  });
});

describe('formatNumber', () => {
  it('groups thousands the Russian way', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12345)).toBe(`12${nbsp}345`);
  });
});

describe('maskSecret', () => {
  it('keeps the first 5 and last 4 characters of a key longer than 10', () => {
    expect(maskSecret('abcdefghijk')).toBe('abcde…hijk');
  });

  it('shows a key of 10 characters or fewer as it is', () => {
    expect(maskSecret('abcdefghij')).toBe('abcdefghij');
    expect(maskSecret('')).toBe('');
  });
});

describe('formatPercent', () => {
  it('keeps a fractional percent', () => {
    expect(formatPercent(7.5).replace(/\u00a0/g, ' ')).toBe('7,5 %');
    expect(formatPercent(10).replace(/\u00a0/g, ' ')).toBe('10 %');
  });
});

describe('formatChartDay', () => {
  // 28 Oct 2026, 00:00 in Moscow (UTC+3): the analytics' day as uPlot's x.
  const moscowMidnight = Date.parse('2026-10-28T00:00:00+03:00') / 1000;

  it('shows a chart day as ru-RU dd.mm, never the US month first', () => {
    expect(formatChartDay(moscowMidnight)).toBe('28.10');
  });

  it('adds the year for a hovered point', () => {
    expect(formatChartDay(moscowMidnight, { withYear: true })).toBe('28.10.2026');
  });

  it('counts the day in Moscow time, whatever the browser zone: 23:30 UTC is the next Moscow day', () => {
    expect(formatChartDay(Date.parse('2026-10-27T23:30:00Z') / 1000)).toBe('28.10');
  });
});

describe('formatSignedNumber', () => {
  it('writes a credit with a plus and a deduction with a minus sign, thousands apart', () => {
    expect(formatSignedNumber(25)).toBe('+25');
    expect(formatSignedNumber(-1200)).toBe(`−1${nbsp}200`);
    expect(formatSignedNumber(0)).toBe('0');
  });
});
