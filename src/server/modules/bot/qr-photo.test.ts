import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus, fixtureQrStrings, qrImage, VARIANT_NAMES, type CorpusPhoto } from '../../../../tests/support/qr-corpus.js';
import { parseFiscalQr } from '../receipts/qr.js';
import { decodeReceiptQr, FIRST_PASS_SIDE, MAX_PASSES, type DecodeTrace } from './qr-photo.js';
import { photoPasses } from './qr-passes.js';
import { readQrTexts } from './zxing.js';

const FISCAL = fixtureQrStrings()[0]!.text;

// Generous timeouts: the machine running the suite may be shared; no assertion depends on time.
describe('decodeReceiptQr', { timeout: 60_000 }, () => {
  it('reads a clean fiscal QR', async () => {
    expect(await decodeReceiptQr(await qrImage(FISCAL))).toEqual({ text: FISCAL });
  });

  it('returns the text of a QR that is not a receipt’s (the caller decides what to answer)', async () => {
    const decoded = await decodeReceiptQr(await qrImage('https://example.com/loyalty-card/42'));
    expect(decoded).toEqual({ text: 'https://example.com/loyalty-card/42' });
    expect(parseFiscalQr(decoded!.text)).toBeUndefined();
  });

  it('prefers the receipt’s QR when the photo also holds another code', async () => {
    const other = await sharp(await QRCode.toBuffer('https://example.com/promo', { margin: 4, scale: 6 }))
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    const fiscal = await sharp(await QRCode.toBuffer(FISCAL, { margin: 4, scale: 6 }))
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 900, height: 450, channels: 3, background: '#ffffff' } })
      .composite([
        { input: other, left: 10, top: 10 },
        { input: fiscal, left: 460, top: 10 },
      ])
      .jpeg()
      .toBuffer();
    expect(await decodeReceiptQr(photo)).toEqual({ text: FISCAL });
  });

  it('answers null for garbage bytes, a text file, an empty buffer and a cut-off JPEG, without throwing', async () => {
    const jpeg = await sharp(await qrImage(FISCAL))
      .jpeg()
      .toBuffer();
    expect(await decodeReceiptQr(Buffer.from([0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5]))).toBeNull();
    expect(await decodeReceiptQr(Buffer.from('Чек на 1003.52 ₽, t=20241224T1950&s=1003.52\n', 'utf8'))).toBeNull();
    expect(await decodeReceiptQr(Buffer.alloc(0))).toBeNull();
    expect(await decodeReceiptQr(jpeg.subarray(0, 200))).toBeNull();
  });

  it('reads an inverted (light on dark) code', async () => {
    const inverted = await sharp(await qrImage(FISCAL))
      .negate({ alpha: false })
      .png()
      .toBuffer();
    expect(await decodeReceiptQr(inverted)).toEqual({ text: FISCAL });
  });
});

describe('the retry passes', { timeout: 60_000 }, () => {
  it.each(['blurred-2', 'deep-shadow', 'small-in-large-frame'])(
    'each read a “%s” photo on its own (none of them spoils a readable code)',
    async (variant) => {
      const [photo] = await buildCorpus({ variants: [variant], fixtures: 1, withoutQr: 0 });
      const { data, info } = await sharp(photo!.image).greyscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
      const passes = photoPasses({ data, width: info.width, height: info.height }, FIRST_PASS_SIDE);
      expect(passes.length).toBeLessThanOrEqual(MAX_PASSES);
      // The centre crop only helps when the code is mid-frame; every other look must keep a readable code readable.
      for (const pass of passes.filter((candidate) => candidate.name !== 'centre')) {
        expect({ pass: pass.name, texts: await readQrTexts(await pass.picture(), pass.options) }).toEqual({
          pass: pass.name,
          texts: [photo!.expected],
        });
      }
    },
  );

  it('give up on a photo without a QR after at most MAX_PASSES reads', async () => {
    const [photo] = await buildCorpus({ fixtures: 0, withoutQr: 1 });
    const trace: DecodeTrace = { passes: 0 };
    expect(await decodeReceiptQr(photo!.image, trace)).toBeNull();
    expect(trace.passes).toBeGreaterThan(1);
    expect(trace.passes).toBeLessThanOrEqual(MAX_PASSES);
  });
});

describe('the generated corpus of receipt photos', { timeout: 120_000 }, () => {
  let corpus: CorpusPhoto[] = [];
  const decoded = new Map<string, string | null>();

  // One fixture per degradation family (a different one for each) and four photos without a QR:
  // the whole corpus is for `npm run bench -- qr`.
  beforeAll(async () => {
    corpus = await buildCorpus({ sample: 16, withoutQr: 4 });
    for (const photo of corpus) decoded.set(photo.name, (await decodeReceiptQr(photo.image))?.text ?? null);
  }, 300_000);

  it.each(VARIANT_NAMES)('a photo degraded as “%s” is decoded', (variant) => {
    const photos = corpus.filter((photo) => photo.name.startsWith(`${variant}/`));
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos)
      expect({ photo: photo.name, text: decoded.get(photo.name) }).toEqual({ photo: photo.name, text: photo.expected });
  });

  it('photos without a QR give null (no false positives)', () => {
    const empty = corpus.filter((photo) => photo.expected === null);
    expect(empty.length).toBe(4);
    for (const photo of empty) expect({ photo: photo.name, text: decoded.get(photo.name) }).toEqual({ photo: photo.name, text: null });
  });

  it('decodes at least 98 % of the sample correctly', () => {
    const right = corpus.filter((photo) => decoded.get(photo.name) === photo.expected).length;
    expect(right / corpus.length).toBeGreaterThanOrEqual(0.98);
  });
});
