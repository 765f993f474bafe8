/**
 * An amount in Russian words as invoices print it: «Одна тысяча пятьсот рублей 50 копеек».
 * Rubles in words, kopecks in two digits (the accountants' custom).
 */
import { pluralRu, type RussianForms } from '../../../contract/format.js';

const ONES_MASCULINE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const ONES_FEMININE = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];

/** Scales from the largest; thousands are feminine («одна тысяча», «две тысячи»). */
const SCALES: ReadonlyArray<{ size: number; forms: RussianForms; feminine: boolean }> = [
  { size: 1e9, forms: { one: 'миллиард', few: 'миллиарда', many: 'миллиардов' }, feminine: false },
  { size: 1e6, forms: { one: 'миллион', few: 'миллиона', many: 'миллионов' }, feminine: false },
  { size: 1e3, forms: { one: 'тысяча', few: 'тысячи', many: 'тысяч' }, feminine: true },
];
const RUBLE: RussianForms = { one: 'рубль', few: 'рубля', many: 'рублей' };
const KOPECK: RussianForms = { one: 'копейка', few: 'копейки', many: 'копеек' };

function triadInWords(triad: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(triad / 100)]!];
  const rest = triad % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else words.push(TENS[Math.floor(rest / 10)]!, (feminine ? ONES_FEMININE : ONES_MASCULINE)[rest % 10]!);
  return words.filter(Boolean);
}

/** Whole rubles in words with «рублей» in the right form; zero is «ноль рублей». */
export function rublesInWords(rubles: number): string {
  if (!Number.isSafeInteger(rubles) || rubles < 0 || rubles >= 1e12) throw new RangeError(`rubles out of range: ${rubles}`);
  if (rubles === 0) return `ноль ${RUBLE.many}`;
  const words: string[] = [];
  let rest = rubles;
  for (const scale of SCALES) {
    const triad = Math.floor(rest / scale.size);
    rest %= scale.size;
    if (triad > 0) words.push(...triadInWords(triad, scale.feminine), pluralRu(triad, scale.forms));
  }
  words.push(...triadInWords(rest, false), pluralRu(rubles, RUBLE));
  return words.join(' ');
}

/** The invoice's total line: «Одна тысяча пятьсот рублей 50 копеек». */
export function amountInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`kopecks must be a non-negative integer: ${kopecks}`);
  const rubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const text = `${rublesInWords(rubles)} ${String(cents).padStart(2, '0')} ${pluralRu(cents, KOPECK)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
