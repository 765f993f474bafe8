import type { Metadata, Sharp } from 'sharp';
import { UPLOAD_MAX_INPUT_PIXELS, UPLOAD_MAX_SIDE_PX, uploadMessages } from '../../../contract/uploads.js';
import { loadSharp, type SharpLibrary } from '../../sharp.js';
import { outputFormatFor, refusalFor, type OutputFormat } from './image-rules.js';

export interface NormalisedImage {
  data: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
}

export type NormaliseResult = { ok: true; image: NormalisedImage } | { ok: false; message: string };

/** Quality 85 is visually lossless for photos at a third of the size; mozjpeg would cost ~3× the CPU. */
const JPEG_OPTIONS = { quality: 85, mozjpeg: false, progressive: false } as const;
const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

function open(sharp: SharpLibrary, input: Buffer): Sharp {
  // failOn 'warning' (sharp's default, stated here on purpose): a truncated JPEG or PNG is refused,
  // not stored half grey. limitInputPixels stops decompression bombs before they are decoded.
  return sharp(input, { failOn: 'warning', limitInputPixels: UPLOAD_MAX_INPUT_PIXELS, sequentialRead: true });
}

/**
 * Decides by content what an upload is, then re-encodes it so what we serve is our own output:
 * turned upright by its EXIF orientation, every metadata block (EXIF, GPS, XMP, ICC, comments)
 * dropped, longest side at most UPLOAD_MAX_SIDE_PX, JPEG or (when transparent) PNG.
 */
export async function normaliseImage(input: Buffer): Promise<NormaliseResult> {
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    // Reading the header decodes no pixels, so it needs no pixel limit: refusalFor applies ours
    // and names the real reason instead of sharp's "exceeds pixel limit".
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    // Not an image libvips can even identify: text, HTML, a renamed PDF.
    return { ok: false, message: uploadMessages.wrongType };
  }
  const refusal = refusalFor(header);
  if (refusal) return { ok: false, message: refusal };

  try {
    const hasTransparentPixels = header.hasAlpha ? !(await open(sharp, input).stats()).isOpaque : false;
    const format = outputFormatFor({ hasTransparentPixels });
    const pipeline = open(sharp, input)
      .rotate()
      .resize({ width: UPLOAD_MAX_SIDE_PX, height: UPLOAD_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true });
    const encoded = format === 'png' ? pipeline.png(PNG_OPTIONS) : pipeline.flatten({ background: '#ffffff' }).jpeg(JPEG_OPTIONS);
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { data, format, width: info.width, height: info.height } };
  } catch {
    // The header was fine but the pixels are not: truncated or damaged data.
    return { ok: false, message: uploadMessages.corrupt };
  }
}
