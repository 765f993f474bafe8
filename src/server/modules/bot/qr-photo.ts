/**
 * Finds the fiscal QR code in a shopper's photo of a receipt (as Telegram delivers it: JPEG, PNG or
 * WebP, any orientation, any size). One ZXing pass over a normalised picture reads most photos; the
 * rest get a few different looks (full resolution, evened light with sharpened edges, a closer crop,
 * an enlargement), at most MAX_PASSES in all, so a photo without any QR costs bounded, small work.
 */
import { loadSharp } from '../../sharp.js';
import { parseFiscalQr } from '../receipts/qr.js';
import { photoPasses, type Pass } from './qr-passes.js';
import { loadQrReader, readQrTexts, type GreyImage } from './zxing.js';

/** Work bound per photo: each pass is one ZXing read of a picture at most FULL_SIDE px long. */
export const MAX_PASSES = 4;
/** Longest side of the picture the first pass reads: enough for a receipt QR filling a tenth of the frame. */
export const FIRST_PASS_SIDE = 1600;
/** Longest side kept from the original: Telegram documents may be 4000+ px; more than this adds time, not codes. */
export const FULL_SIDE = 2600;
/** Photos above this are refused before decoding (a decompression bomb, not a receipt). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface DecodedQr {
  text: string;
}

export interface DecodeTrace {
  /** The name of the pass that found the answer, or undefined. */
  pass?: string;
  passes: number;
}

/**
 * The receipt's QR text from a photo, or null when no QR code is readable. Bad input (not an image,
 * cut off, huge) is null, never an exception; it throws only when the decoder itself cannot load, so
 * the bot answers "try later" rather than wrongly telling the shopper there is no code.
 */
export async function decodeReceiptQr(image: Buffer, trace?: DecodeTrace): Promise<DecodedQr | null> {
  await loadQrReader();
  const source = await loadGrey(image);
  if (!source) return null;
  let anyQr: string | undefined;
  const passes = photoPasses(source, FIRST_PASS_SIDE).slice(0, MAX_PASSES);
  for (const [index, pass] of passes.entries()) {
    const texts = await readPass(pass);
    if (trace) trace.passes = index + 1;
    const fiscal = texts.find((text) => parseFiscalQr(text) !== undefined);
    if (fiscal !== undefined) {
      if (trace) trace.pass = pass.name;
      return { text: fiscal };
    }
    // A shop's own QR (a link, a loyalty card) may sit beside the receipt's: keep looking for the
    // fiscal one, and answer with the other only when no pass finds a fiscal code.
    if (anyQr === undefined && texts[0] !== undefined) {
      anyQr = texts[0];
      if (trace) trace.pass = pass.name;
    }
  }
  return anyQr === undefined ? null : { text: anyQr };
}

/** One pass; a failure on this picture (say, out of wasm memory) is a miss, not the end of the photo. */
async function readPass(pass: Pass): Promise<string[]> {
  try {
    return await readQrTexts(await pass.picture(), pass.options);
  } catch {
    return [];
  }
}

/** The photo upright (EXIF orientation applied), flattened on white, grey, at most FULL_SIDE px; null if it is not an image. */
async function loadGrey(image: Buffer): Promise<GreyImage | null> {
  // Outside the try: a library that cannot load is the decoder failing, not a photo without a code.
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(FULL_SIDE, FULL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
