import { describe, expect, it } from 'vitest';
import { amountInWords, rublesInWords } from './amount-in-words.js';

describe('amount in Russian words', () => {
  it.each([
    [0, 'ноль рублей'],
    [1, 'один рубль'],
    [2, 'два рубля'],
    [5, 'пять рублей'],
    [11, 'одиннадцать рублей'],
    [14, 'четырнадцать рублей'],
    [21, 'двадцать один рубль'],
    [100, 'сто рублей'],
    [112, 'сто двенадцать рублей'],
    [1_000, 'одна тысяча рублей'],
    [2_000, 'две тысячи рублей'],
    [5_000, 'пять тысяч рублей'],
    [11_000, 'одиннадцать тысяч рублей'],
    [21_500, 'двадцать одна тысяча пятьсот рублей'],
    [1_000_000, 'один миллион рублей'],
    [2_345_678, 'два миллиона триста сорок пять тысяч шестьсот семьдесят восемь рублей'],
    [1_000_001, 'один миллион один рубль'],
    [3_000_000_000, 'три миллиарда рублей'],
  ])('%i ₽ is «%s»', (rubles, words) => {
    expect(rublesInWords(rubles)).toBe(words);
  });

  it('writes kopecks in two digits with the right form, capitalised', () => {
    expect(amountInWords(150_050)).toBe('Одна тысяча пятьсот рублей 50 копеек');
    expect(amountInWords(100)).toBe('Один рубль 00 копеек');
    expect(amountInWords(201)).toBe('Два рубля 01 копейка');
    expect(amountInWords(1_002)).toBe('Десять рублей 02 копейки');
    expect(amountInWords(100_000_000)).toBe('Один миллион рублей 00 копеек');
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => rublesInWords(1e12)).toThrow(RangeError);
  });
});
