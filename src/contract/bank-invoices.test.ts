import { describe, expect, it } from 'vitest';
import { formatBankInvoiceNumber, parseBankInvoiceNumber, sellerRequisitesSchema } from './bank-invoices.js';
import { messages } from './messages.js';

const m = messages.bankInvoices;

describe('bank invoice numbers', () => {
  it('are СЧ- and the sequence padded to six digits, growing past a million', () => {
    expect(formatBankInvoiceNumber(1)).toBe('СЧ-000001');
    expect(formatBankInvoiceNumber(123)).toBe('СЧ-000123');
    expect(formatBankInvoiceNumber(1_234_567)).toBe('СЧ-1234567');
  });

  it('refuse a sequence that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => formatBankInvoiceNumber(bad)).toThrow(RangeError);
  });

  it('are recognised in a payment reference however the operator typed them', () => {
    expect(parseBankInvoiceNumber('СЧ-000123')).toBe('СЧ-000123');
    expect(parseBankInvoiceNumber('  сч-000123 ')).toBe('СЧ-000123');
    expect(parseBankInvoiceNumber('СЧ-1234567')).toBe('СЧ-1234567');
  });

  it('leave other references (bank payment orders) alone', () => {
    for (const reference of ['pp-17', '000123', 'СЧ-123', 'СЧ-000123-1', 'CH-000123', 'счёт 17'])
      expect(parseBankInvoiceNumber(reference)).toBeNull();
  });
});

describe('seller requisites', () => {
  const organisation = { name: 'ООО «Ромашка»', inn: '7707083893', kpp: '773601001', address: '117312, г. Москва, ул. Вавилова, д. 19' };
  const firstMessage = (input: unknown) => sellerRequisitesSchema.safeParse(input).error?.issues[0]?.message;

  it('accept an organisation with a КПП and an ИП without one, trimmed', () => {
    expect(sellerRequisitesSchema.parse({ ...organisation, name: '  ООО «Ромашка» ' })).toEqual(organisation);
    expect(sellerRequisitesSchema.parse({ name: 'ИП Петров П. П.', inn: '500100732259', address: 'г. Тверь' })).toEqual({
      name: 'ИП Петров П. П.',
      inn: '500100732259',
      kpp: '',
      address: 'г. Тверь',
    });
  });

  it('accept letters in the КПП reason code, upper-cased', () => {
    expect(sellerRequisitesSchema.parse({ ...organisation, kpp: '7736ab001' }).kpp).toBe('7736AB001');
  });

  it.each([
    [{ ...organisation, name: ' ' }, m.nameInvalid],
    [{ ...organisation, name: 'я'.repeat(301) }, m.nameInvalid],
    [{ ...organisation, inn: '7707083894' }, m.innInvalid],
    [{ ...organisation, inn: '12345' }, m.innInvalid],
    [{ ...organisation, kpp: '77360100' }, m.kppInvalid],
    [{ ...organisation, kpp: '' }, m.kppRequired],
    [{ ...organisation, address: '' }, m.addressInvalid],
    [{ name: organisation.name, kpp: organisation.kpp, address: organisation.address }, m.innInvalid],
  ])('refuse %j with its own message', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });
});
