import { describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/messages.js';
import { TOP_UP_PRESETS } from '../../../../contract/payments.js';
import {
  NO_AMOUNT,
  amountDue,
  amountOf,
  checkTopUp,
  choosePreset,
  initialChoice,
  parseCustomAmount,
  topUpFor,
  typeCustom,
} from './amount.js';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const refusal = (custom: string, userId: number | undefined = 7) => {
  const result = checkTopUp(typeCustom(custom), userId);
  return result.ok ? null : plain(result.message);
};

describe('choosing the amount', () => {
  it('a preset clears the custom amount', () => {
    expect(choosePreset(typeCustom('700'), 1000)).toEqual({ preset: 1000, custom: '' });
  });

  it('typing a custom amount releases the preset', () => {
    expect(typeCustom('300')).toEqual({ preset: null, custom: '300' });
  });

  it('pressing the selected preset again releases it; another preset replaces it', () => {
    expect(choosePreset({ preset: 500, custom: '' }, 500)).toEqual(NO_AMOUNT);
    expect(choosePreset({ preset: 500, custom: '' }, 2000)).toEqual({ preset: 2000, custom: '' });
  });

  it('the amount due is the preset, else the custom amount', () => {
    expect(amountOf({ preset: 5000, custom: '' })).toBe(5000);
    expect(amountOf(typeCustom('1200'))).toBe(1200);
    expect(amountOf(NO_AMOUNT)).toBe(0);
  });
});

describe('parseCustomAmount', () => {
  it('reads numbers, with a dot or a comma', () => {
    expect(parseCustomAmount('300')).toBe(300);
    expect(parseCustomAmount(' 1500 ')).toBe(1500);
    expect(parseCustomAmount('100,5')).toBe(100.5);
  });

  it('counts empty or non-numeric text as 0', () => {
    expect(parseCustomAmount('')).toBe(0);
    expect(parseCustomAmount('   ')).toBe(0);
    expect(parseCustomAmount('сто')).toBe(0);
    expect(parseCustomAmount('Infinity')).toBe(0);
  });
});

describe('checkTopUp', () => {
  it('accepts every preset and custom multiples of 100 from 100 to 1 000 000', () => {
    for (const preset of TOP_UP_PRESETS)
      expect(checkTopUp(choosePreset(NO_AMOUNT, preset), 7)).toEqual({ ok: true, amount: preset, userId: 7 });
    for (const custom of ['100', '300', '1e3', '1000000']) expect(refusal(custom)).toBeNull();
    expect(checkTopUp(typeCustom('300'), 7)).toEqual({ ok: true, amount: 300, userId: 7 });
  });

  it("asks for an amount when it is empty, zero or not a number: 'Введите сумму пополнения'", () => {
    for (const custom of ['', '0', 'abc']) expect(refusal(custom)).toBe(messages.payments.amountRequired);
  });

  it('names the minimum for a negative amount, not only the generic text', () => {
    expect(refusal('-500')).toBe('Минимальная сумма пополнения — 100 ₽');
  });

  it('asks for an amount when the seller is not known, whatever the amount', () => {
    expect(checkTopUp(choosePreset(NO_AMOUNT, 1000), undefined)).toEqual({ ok: false, message: messages.payments.amountRequired });
  });

  it('refuses less than 100 ₽', () => {
    expect(refusal('50')).toBe('Минимальная сумма пополнения — 100 ₽');
  });

  it('refuses an amount that is not a multiple of 100 ₽ instead of rounding it', () => {
    expect(refusal('150')).toBe('Сумма должна быть кратна 100 ₽');
    expect(refusal('100.5')).toBe('Сумма должна быть кратна 100 ₽');
  });

  it('refuses more than the server accepts', () => {
    expect(refusal('1000100')).toBe('Максимальная сумма пополнения — 1 000 000 ₽');
  });
});

describe('amountDue', () => {
  it('is 0 while nothing is chosen, and the amount once it can be paid', () => {
    expect(amountDue(NO_AMOUNT)).toBe(0);
    expect(amountDue(choosePreset(NO_AMOUNT, 2000))).toBe(2000);
    expect(amountDue(typeCustom('19600'))).toBe(19_600);
  });

  it('is never a negative, below-minimum, off-step or too large amount', () => {
    for (const custom of ['-500', '50', '150', '1000100', '0', 'abc']) expect(amountDue(typeCustom(custom))).toBeNull();
  });
});

describe('topUpFor a refused charge', () => {
  it('rounds the missing amount up to the 100 ₽ step', () => {
    expect(topUpFor(19_500)).toBe(19_500);
    expect(topUpFor(19_501)).toBe(19_600);
    expect(topUpFor(0.01)).toBe(100);
    expect(topUpFor(1)).toBe(100);
  });

  it("stays within the dialog's limits", () => {
    expect(topUpFor(5_000_000)).toBe(1_000_000);
  });

  it('prefills the custom amount, so amounts above the presets are accepted', () => {
    expect(initialChoice(19_600)).toEqual({ preset: null, custom: '19600' });
    expect(checkTopUp(initialChoice(19_600), 7)).toEqual({ ok: true, amount: 19_600, userId: 7 });
    expect(initialChoice(undefined)).toEqual(NO_AMOUNT);
  });
});
