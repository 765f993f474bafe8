import { describe, expect, it } from 'vitest';
import { formatQrraw, qrOfReceipt, readQrraw } from '../../src/server/integrations/tax/emulator-receipt.js';
import { formatFiscalQr, parseFiscalQr } from '../../src/server/modules/receipts/qr.js';
import { readTaxReceipt } from '../../src/server/modules/receipts/tax-receipt.js';
import { FIXTURE_NAMES, loadReceipt } from '../fixtures/receipts/index.js';

// The tax emulator reads receipts and QR strings with its own code (integrations must not import
// the receipts module); these tests hold its reading and the product's to the same answers.
describe('the tax emulator’s receipt format', () => {
  it.each(FIXTURE_NAMES)('names the same QR as the product for the real receipt %s', (name) => {
    const json = loadReceipt(name);
    const qr = qrOfReceipt(json);
    const receipt = readTaxReceipt(json);
    expect(qr && receipt).toBeTruthy();
    const qrraw = formatQrraw(qr!);
    expect(qrraw).toBe(formatFiscalQr(parseFiscalQr(qrraw)!));
    expect(readQrraw(qrraw)).toEqual(parseFiscalQr(qrraw));
    expect(qr).toMatchObject({
      fn: receipt!.fn,
      i: receipt!.i,
      fp: receipt!.fp,
      totalKopecks: receipt!.totalKopecks,
      n: receipt!.operationType,
    });
  });

  it('reads a QR inside a URL, with a comma, seconds and leading zeros as the product does', () => {
    for (const text of [
      'https://check.ofd.ru/rec?t=20240917T180155&s=1285,2&fn=0007380440800792177&i=0042&fp=0123&n=1#x',
      ' t=20240229t0000&s=1&fn=1&i=2&fp=3&n=4 ',
    ]) {
      expect(readQrraw(text)).toEqual(parseFiscalQr(text));
      expect(readQrraw(text)).toBeDefined();
    }
  });

  it('refuses what is not a fiscal QR, as the product does', () => {
    for (const text of [
      '',
      'hello',
      't=20230229T1200&s=1.00&fn=1&i=2&fp=3&n=1',
      't=20240101T2500&s=1&fn=1&i=2&fp=3&n=1',
      't=20240101T1200&s=1&fn=1&i=2&fp=3&n=5',
      't=19990101T1200&s=1&fn=1&i=2&fp=3&n=1',
      't=20240101T1200&s=1.001&fn=1&i=2&fp=3&n=1',
    ]) {
      expect(readQrraw(text), text).toBeUndefined();
      expect(parseFiscalQr(text), text).toBeUndefined();
    }
  });

  it('takes Unix seconds as Moscow time and refuses a date-time it cannot read', () => {
    const receipt = { dateTime: 1_726_585_260, totalSum: 128_521, fiscalDriveNumber: 1, fiscalDocumentNumber: 2, fiscalSign: 3 };
    expect(qrOfReceipt(receipt)?.localDateTime).toBe('2024-09-17T18:01:00');
    expect(qrOfReceipt({ ...receipt, dateTime: '17.09.2024 18:01' })).toBeUndefined();
    expect(qrOfReceipt({ ...receipt, totalSum: 'много' })).toBeUndefined();
  });
});
