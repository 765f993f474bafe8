import { itemNameContains, normaliseItemName } from '../../../contract/item-name.js';

// Which questions of «Вопросы и ответы» a shopper's typed message asks (pure). Texts are
// normalised as receipt item names are (contract/item-name.ts), then cut into words at anything
// that is not a letter or a digit.

/** Shorter words («и», «в», «на», «по») say nothing about which question is asked. */
const MIN_WORD = 3;
/** A word and a longer form of it («плед», «пледы») are one word from this length on. */
const MIN_STEM = 4;

export function wordsOf(text: string): string[] {
  return normaliseItemName(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD);
}

function sameWord(typed: string, asked: string): boolean {
  if (typed === asked) return true;
  const [shorter, longer] = typed.length < asked.length ? [typed, asked] : [asked, typed];
  return shorter.length >= MIN_STEM && longer.startsWith(shorter);
}

interface Question {
  question: string;
  keywords: readonly string[];
}

/**
 * How surely the text asks the question, 0 to 1: 1 when it contains one of its keywords
 * (anywhere, as an action's product keyword is found in an item's name), else the share of the
 * question's own words it has (each word counted once; a word matches its longer form).
 */
function matchShare(text: string, item: Question): number {
  if (item.keywords.some((keyword) => itemNameContains(text, keyword))) return 1;
  const questionWords = [...new Set(wordsOf(item.question))];
  if (questionWords.length === 0) return 0;
  const typed = wordsOf(text);
  return questionWords.filter((asked) => typed.some((word) => sameWord(word, asked))).length / questionWords.length;
}

/**
 * The questions the text asks: of those it has a keyword or more than half the words of, the ones
 * it matches best («как стирать плед?» is «Как стирать плед?», not also «Как сушить плед?»).
 */
export function askedQuestions<T extends Question>(text: string, items: readonly T[]): T[] {
  const shares = items.map((item) => matchShare(text, item));
  const best = Math.max(0, ...shares);
  return best > 0.5 ? items.filter((_, index) => shares[index] === best) : [];
}
