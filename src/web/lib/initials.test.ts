import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.js';

describe('initialsOf', () => {
  it('takes the first letters of the first two words, upper-cased', () => {
    expect(initialsOf('анна продавцова')).toBe('АП');
    expect(initialsOf('Иван Петрович Сидоров')).toBe('ИП');
  });

  it('uses one letter for a one-word name', () => {
    expect(initialsOf('Мария')).toBe('М');
  });

  it('ignores extra spaces and words without letters', () => {
    expect(initialsOf('  «Ромашка»   —  ООО ')).toBe('РО');
  });

  it("falls back to 'SC' for an empty or missing name", () => {
    expect(initialsOf('')).toBe('SC');
    expect(initialsOf('   ')).toBe('SC');
    expect(initialsOf(null)).toBe('SC');
    expect(initialsOf(undefined)).toBe('SC');
  });
});
