/**
 * The looks the decoder takes at a photo, cheapest and most likely first. ZXing's own tries
 * (rotations, inverted codes, downscaling, local-average binarisation) run inside the first pass; the
 * retries add what ZXing cannot do itself — another scale, restored edges, flattened light, a closer
 * crop — and skip its rotation and inversion tries, which the first pass has already made.
 */
import type { Sharp } from 'sharp';
import { loadSharp } from '../../sharp.js';
import type { GreyImage, QrReadOptions } from './zxing.js';

export interface Pass {
  name: string;
  picture: () => Promise<GreyImage>;
  options: QrReadOptions;
}

const THOROUGH: QrReadOptions = { tryHarder: true, tryRotate: true, tryInvert: true, tryDownscale: true };
const RETRY: QrReadOptions = { tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: false };

async function fromGrey(image: GreyImage): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
}

async function toGrey(image: Sharp): Promise<GreyImage> {
  const { data, info } = await image.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Computes a picture once, on first use: later passes may never run. */
function lazy(make: () => Promise<GreyImage>): () => Promise<GreyImage> {
  let made: Promise<GreyImage> | undefined;
  return () => (made ??= make());
}

/** The centre of the picture (`share` of each side), scaled so its longest side is `side` px. */
async function centre(image: GreyImage, share: number, side: number): Promise<GreyImage> {
  const width = Math.floor(image.width * share);
  const height = Math.floor(image.height * share);
  const region = { left: Math.floor((image.width - width) / 2), top: Math.floor((image.height - height) / 2), width, height };
  return toGrey((await fromGrey(image)).extract(region).resize(side, side, { fit: 'inside', kernel: 'cubic' }));
}

/**
 * A mild 3×3 unsharp mask (2·centre − mean of 4 neighbours): blurred module edges back towards
 * steps without multiplying sensor noise as much as the classic 5·centre − 4 neighbours. Done here because
 * libvips converts to float (convolve) or LAB (sharpen) and costs ten times more on one grey channel.
 */
function sharpen(image: GreyImage): GreyImage {
  const { width, height } = image;
  const source = image.data;
  const data = new Uint8Array(source.length);
  data.set(source.subarray(0, width));
  data.set(source.subarray((height - 1) * width), (height - 1) * width);
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    data[row] = source[row]!;
    data[row + width - 1] = source[row + width - 1]!;
    for (let at = row + 1; at < row + width - 1; at++) {
      const value = 2 * source[at]! - ((source[at - 1]! + source[at + 1]! + source[at - width]! + source[at + width]!) >> 2);
      data[at] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return { data, width, height };
}

/** Side of the cells the paper's brightness is estimated on: larger than a QR module, smaller than the code. */
const CELL = 16;

/**
 * Flat-field correction for a shadow or a lamp on one side: each pixel divided by the brightness of
 * the paper around it, so paper is equally white everywhere and dark modules stay dark. The paper's
 * brightness is the brightest 16-px cell mean within two cells (a QR module never fills that),
 * interpolated smoothly between cell centres. Plain loops: sharp's resizes cost several times more here.
 */
function flattenLight(image: GreyImage): GreyImage {
  const { width, height } = image;
  const columns = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const sums = new Float64Array(columns * rows);
  const counts = new Uint32Array(columns * rows);
  for (let y = 0; y < height; y++) {
    const cellRow = ((y / CELL) | 0) * columns;
    for (let x = 0; x < width; x++) {
      const cell = cellRow + ((x / CELL) | 0);
      sums[cell]! += image.data[y * width + x]!;
      counts[cell]!++;
    }
  }
  const paper = new Float64Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      let brightest = 16;
      for (let r = Math.max(0, row - 2); r <= Math.min(rows - 1, row + 2); r++) {
        for (let c = Math.max(0, column - 2); c <= Math.min(columns - 1, column + 2); c++)
          brightest = Math.max(brightest, sums[r * columns + c]! / counts[r * columns + c]!);
      }
      paper[row * columns + column] = brightest;
    }
  }
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < height; y++) {
    const cellY = Math.min(rows - 1, Math.max(0, (y - CELL / 2) / CELL));
    const top = cellY | 0;
    const bottom = Math.min(rows - 1, top + 1);
    const fy = cellY - top;
    for (let x = 0; x < width; x++) {
      const cellX = Math.min(columns - 1, Math.max(0, (x - CELL / 2) / CELL));
      const left = cellX | 0;
      const right = Math.min(columns - 1, left + 1);
      const fx = cellX - left;
      const upper = paper[top * columns + left]! * (1 - fx) + paper[top * columns + right]! * fx;
      const lower = paper[bottom * columns + left]! * (1 - fx) + paper[bottom * columns + right]! * fx;
      const value = ((image.data[y * width + x]! * 240) / (upper * (1 - fy) + lower * fy)) | 0;
      data[y * width + x] = value > 255 ? 255 : value;
    }
  }
  return { data, width, height };
}

/** The passes over `source` (the upright grey photo); the first reads it at most `firstSide` px long. */
export function photoPasses(source: GreyImage, firstSide: number): Pass[] {
  const large = Math.max(source.width, source.height) > firstSide;
  const base = large
    ? lazy(async () => toGrey((await fromGrey(source)).resize(firstSide, firstSide, { fit: 'inside' })))
    : async () => source;
  const passes: Pass[] = [{ name: 'first', picture: base, options: THOROUGH }];
  // A small QR in a big frame loses its modules when scaled down: read the original pixels.
  if (large) passes.push({ name: 'full-resolution', picture: async () => source, options: RETRY });
  passes.push(
    {
      // Shadows, blur and JPEG mush in one look: paper made evenly white, module edges restored,
      // and ZXing's own denoising closes small holes. (Two separate passes found nothing more on the
      // corpus and cost a photo without a QR another ZXing read.)
      name: 'enhanced',
      picture: lazy(async () => sharpen(flattenLight(await base()))),
      options: { ...RETRY, tryDenoise: true },
    },
    // Closer: the receipt's QR usually sits mid-frame; enlarging it helps when modules are 1–2 px.
    { name: 'centre', picture: lazy(() => centre(source, 0.5, firstSide)), options: RETRY },
  );
  if (!large)
    passes.push({
      name: 'enlarged',
      picture: lazy(async () => toGrey((await fromGrey(source)).resize({ width: Math.round(source.width * 1.5), kernel: 'linear' }))),
      options: RETRY,
    });
  return passes;
}
