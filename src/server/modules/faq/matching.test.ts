import { describe, expect, it } from 'vitest';
import { askedQuestions } from './matching.js';

const WASH = { question: 'Как стирать плед?', keywords: [] as string[] };
const DRY = { question: 'Как сушить плед?', keywords: [] as string[] };
const asked = (text: string, items = [WASH, DRY]) => askedQuestions(text, items).map((item) => item.question);

describe('a typed question against «Вопросы и ответы»', () => {
  it('matches most of a question’s words, in any case, with «ё» as «е» and longer forms of a word; the best match wins', () => {
    expect(asked('как стирать плед?')).toEqual([WASH.question]);
    expect(asked('КАК СТИРАТЬ ПЛЕДЫ')).toEqual([WASH.question]);
    expect(asked('Подскажите, плед можно стирать?')).toEqual([WASH.question]);
    expect(asked('как сушить и стирать плед')).toEqual([WASH.question, DRY.question]);
    // One word of three is not most of them.
    expect(asked('как дела?')).toEqual([]);
    expect(asked('плед')).toEqual([]);
    const tree = { question: 'Ёлка в подарок?', keywords: [] };
    expect(asked('ЕЛКА подарок', [tree])).toEqual([tree.question]);
    expect(asked('Ещё вопрос', [tree])).toEqual([]);
  });

  it('a keyword anywhere in the text is enough, normalised as item names are', () => {
    const items = [{ ...WASH, keywords: ['стир', 'машинка  автомат'] }, DRY];
    expect(asked('Можно постирать?', items)).toEqual([WASH.question]);
    expect(asked('а в МАШИНКА   автомат можно?', items)).toEqual([WASH.question]);
    expect(asked('как сушить?', items)).toEqual([DRY.question]);
  });

  it('a question of short words only is matched by its keywords alone', () => {
    expect(asked('и в на', [{ question: 'И в на?', keywords: [] }])).toEqual([]);
  });
});
