import { POINT_WORDS } from '../../../contract/public-shop.js';

const plural = new Intl.PluralRules('ru-RU');
const number = new Intl.NumberFormat('ru-RU');

/** "1 балл", "3 балла", "25 баллов". */
export function formatPoints(points: number): string {
  const category = plural.select(points);
  const word = category === 'one' ? POINT_WORDS.one : category === 'few' ? POINT_WORDS.few : POINT_WORDS.many;
  return `${number.format(points)} ${word}`;
}
