import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadMessages } from '../../../contract/uploads.js';
import { normaliseImage, type NormaliseResult } from './image.js';

const solid = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha } } });

/** Rewrites the IHDR chunk's width and height (and its CRC) of a PNG. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png);
  // 8-byte signature, then IHDR: length (4), type (4), width (4), height (4), …, CRC over type + data.
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

function accepted(result: NormaliseResult) {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.image;
}

describe('normalising an upload', () => {
  it.each([
    ['png', () => solid(64, 48).png().toBuffer()],
    ['jpeg', () => solid(64, 48).jpeg().toBuffer()],
    ['webp', () => solid(64, 48).webp().toBuffer()],
  ])('accepts an opaque %s and stores it as JPEG of the same size', async (_format, make) => {
    const image = accepted(await normaliseImage(await make()));
    expect(image).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect((await sharp(image.data).metadata()).format).toBe('jpeg');
  });

  it('keeps a transparent image as PNG with its alpha channel', async () => {
    const image = accepted(await normaliseImage(await solid(32, 32, 0.5).png().toBuffer()));
    expect(image.format).toBe('png');
    const stored = await sharp(image.data).metadata();
    expect(stored.format).toBe('png');
    expect(stored.hasAlpha).toBe(true);
  });

  it('stores a PNG whose alpha channel is fully opaque as JPEG', async () => {
    const image = accepted(await normaliseImage(await solid(32, 32, 1).png().toBuffer()));
    expect(image.format).toBe('jpeg');
  });

  it('shrinks the longest side to 2048 px', async () => {
    const image = accepted(await normaliseImage(await solid(4000, 1000).jpeg().toBuffer()));
    expect([image.width, image.height]).toEqual([2048, 512]);
  });

  it('turns the picture upright by its EXIF orientation and drops EXIF, XMP and the ICC profile', async () => {
    // Orientation 6: stored 60×40 landscape, shown rotated 90° as 40×60 portrait.
    const input = await solid(60, 40)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'secret seller', Artist: 'GPS 55.75,37.61' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const image = accepted(await normaliseImage(input));
    expect([image.width, image.height]).toEqual([40, 60]);
    const after = await sharp(image.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.data.includes('secret seller')).toBe(false);
  });

  it('refuses text named like an image', async () => {
    expect(await normaliseImage(Buffer.from('just some text, not a picture'))).toEqual({ ok: false, message: uploadMessages.wrongType });
  });

  it.each([
    ['GIF', () => solid(16, 16).gif().toBuffer()],
    ['SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ['TIFF', () => solid(16, 16).tiff().toBuffer()],
  ])('refuses %s', async (_name, make) => {
    expect(await normaliseImage(await make())).toEqual({ ok: false, message: uploadMessages.wrongType });
  });

  it.each([
    ['JPEG', () => solid(400, 300).jpeg().toBuffer()],
    // Noise, so the compressed pixel data is long enough to cut in the middle of it.
    [
      'PNG',
      () =>
        sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
          .png()
          .toBuffer(),
    ],
  ])('refuses a truncated %s as damaged', async (_name, make) => {
    const whole = await make();
    const result = await normaliseImage(whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(result).toEqual({ ok: false, message: uploadMessages.corrupt });
  });

  it('refuses a decompression bomb by its header, before decoding it', async () => {
    // A small PNG whose header claims 20 000 × 20 000 (1.6 GB decoded): only the header may be read.
    const bomb = withPngSize(await solid(8, 8).png().toBuffer(), 20_000, 20_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    expect(await normaliseImage(bomb)).toEqual({ ok: false, message: uploadMessages.tooManyPixels });
  });
});
