import { describe, expect, it } from 'vitest';
import { messages } from '../../../../contract/messages.js';
import { RECEIPT_STATUSES } from '../../../../contract/receipts.js';
import { formatQuantity } from '../../../lib/format.js';
import { itemStatusText, receiptDateLabel, receiptRuleText, receiptStatusTone } from './receipt-view.js';

const s = messages.receiptScreens;

describe('receipt status tone', () => {
  it('is green for a success, amber for a refusal and red for a failure to check', () => {
    expect(receiptStatusTone('success')).toBe('success');
    for (const status of [
      'already_scanned',
      'not_recognized',
      'too_old',
      'no_items',
      'subscription_inactive',
      'no_matching_product',
      'below_min_total',
      'seller_balance_low',
      'prepayment',
    ]) {
      expect(receiptStatusTone(status), status).toBe('refused');
    }
    expect(receiptStatusTone('error')).toBe('failed');
    expect(receiptStatusTone('failed')).toBe('failed');
  });

  it('knows every status of the contract, and an unknown one stays neutral', () => {
    for (const status of RECEIPT_STATUSES) expect(receiptStatusTone(status)).not.toBe('unknown');
    expect(receiptStatusTone('something_new')).toBe('unknown');
    expect(receiptStatusTone(null)).toBe('unknown');
  });
});

describe('item status text', () => {
  it.each([
    ['counted', s.itemCounted],
    ['Учитывается', s.itemCounted],
    ['not_counted', s.itemNotCounted],
    ['not-counted', s.itemNotCounted],
    [' не учитывается ', s.itemNotCounted],
    ['unknown', '—'],
    [undefined, '—'],
    [42, '—'],
  ])('%s → %s', (status, text) => expect(itemStatusText(status)).toBe(text));
});

describe('receipt date', () => {
  it('is the purchase date when the receipt has one, else the date it was checked', () => {
    expect(receiptDateLabel({ dateTime: '2024-06-27T12:56:00.000Z', scanned_at: '2025-01-02T12:00:00.000Z' })).toBe('Покупка 27.06.2024');
    expect(receiptDateLabel({ dateTime: null, scanned_at: '2025-01-02T12:00:00.000Z' })).toBe('Проверен 02.01.2025');
  });
});

describe('quantity', () => {
  it('shows weight goods with their fraction in ru-RU and pieces as whole numbers', () => {
    expect(formatQuantity(0.356)).toBe('0,356');
    expect(formatQuantity(1.5)).toBe('1,5');
    expect(formatQuantity(2)).toBe('2');
    expect(formatQuantity(1200).replace(/\s/g, ' ')).toBe('1 200');
  });
});

describe('the rule a receipt earned by', () => {
  const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ');

  it('names the repeat purchase, the level or the action percent, with the percent', () => {
    expect(plain(receiptRuleText({ points_rule: 'repeat', points_level: 'Базовый', points_percentage: 7 }))).toBe('Повторная покупка, 7 %');
    expect(plain(receiptRuleText({ points_rule: 'level', points_level: 'Золотой', points_percentage: 12.5 }))).toBe(
      'Уровень «Золотой», 12,5 %',
    );
    expect(plain(receiptRuleText({ points_rule: 'base', points_level: null, points_percentage: 10 }))).toBe('Процент акции, 10 %');
  });

  it('is absent on a refused receipt and on receipts from before the rules', () => {
    expect(receiptRuleText({ points_rule: null, points_level: null, points_percentage: null })).toBeNull();
  });
});
