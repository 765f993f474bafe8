/**
 * The looks the decoder takes at a photo, cheapest and most likely first. ZXing's own tries
 * (rotations, inverted codes, downscaling, local-average binarisation) run inside the first pass; the
 * retries add what ZXing cannot do itself — another scale, restored edges, flattened light, a closer
 * crop — and skip its rotation and inversion tries, which the first pass has already made.
 */
import sharp, { type Sharp } from 'sharp';
import type { GreyImage, QrReadOptions } from './zxing.js';

export interface Pass {
  name: string;
  picture: () => Promise<GreyImage>;
  options: QrReadOptions;
}

const THOROUGH: QrReadOptions = { tryHarder: true, tryRotate: true, tryInvert: true, tryDownscale: true };
const RETRY: QrReadOptions = { tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: false };


function fromGrey(image: GreyImage): Sharp {
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
function centre(image: GreyImage, share: number, side: number): Promise<GreyImage> {
  const width = Math.floor(image.width * share);
  const height = Math.floor(image.height * share);
  const region = { left: Math.floor((image.width - width) / 2), top: Math.floor((image.height - height) / 2), width, height };
  return toGrey(fromGrey(image).extract(region).resize(side, side, { fit: 'inside', kernel: 'cubic' }));
}

/**
 * A 3×3 unsharp mask (5·centre − 4 neighbours): blurred module edges back to steps. Done here because
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
      const value = 5 * source[at]! - source[at - 1]! - source[at + 1]! - source[at - width]! - source[at + width]!;
      data[at] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return { data, width, height };
}

/** Maps the darkest 1 % to black and the brightest 1 % to white (done here: libvips' normalise goes through LAB). */
function stretchContrast(image: GreyImage): GreyImage {
  const histogram = new Uint32Array(256);
  for (const value of image.data) histogram[value]!++;
  const tail = image.data.length / 100;
  let low = 0;
  for (let seen = 0; low < 255 && (seen += histogram[low]!) < tail; ) low++;
  let high = 255;
  for (let seen = 0; high > 0 && (seen += histogram[high]!) < tail; ) high--;
  if (high - low < 8) return image;
  const table = new Uint8Array(256);
  for (let value = 0; value < 256; value++) table[value] = Math.max(0, Math.min(255, Math.round(((value - low) * 255) / (high - low))));
  const data = new Uint8Array(image.data.length);
  for (let at = 0; at < data.length; at++) data[at] = table[image.data[at]!]!;
  return { data, width: image.width, height: image.height };
}

/**
 * Flat-field correction for a shadow or a lamp on one side: each pixel divided by the brightness of
 * the paper around it, so paper is equally white everywhere and dark modules stay dark. The paper's
 * brightness is the brightest 16-px cell within two cells (a QR module never fills that), smoothly
 * enlarged back to full size.
 */
async function flattenLight(image: GreyImage): Promise<GreyImage> {
  const cells = await toGrey(fromGrey(image).resize(Math.max(1, Math.round(image.width / 16)), Math.max(1, Math.round(image.height / 16)), { fit: 'fill' }));
  const paper = new Uint8Array(cells.data.length);
  for (let y = 0; y < cells.height; y++) {
    for (let x = 0; x < cells.width; x++) {
      let brightest = 0;
      for (let dy = Math.max(0, y - 2); dy <= Math.min(cells.height - 1, y + 2); dy++) {
        for (let dx = Math.max(0, x - 2); dx <= Math.min(cells.width - 1, x + 2); dx++) brightest = Math.max(brightest, cells.data[dy * cells.width + dx]!);
      }
      paper[y * cells.width + x] = brightest;
    }
  }
  const light = await toGrey(fromGrey({ ...cells, data: paper }).resize(image.width, image.height, { fit: 'fill', kernel: 'cubic' }));
  const data = new Uint8Array(image.data.length);
  for (let at = 0; at < data.length; at++) data[at] = Math.min(255, Math.round((image.data[at]! * 240) / Math.max(16, light.data[at]!)));
  return { data, width: image.width, height: image.height };
}

/** The passes over `source` (the upright grey photo); the first reads it at most `firstSide` px long. */
export function photoPasses(source: GreyImage, firstSide: number): Pass[] {
  const large = Math.max(source.width, source.height) > firstSide;
  const base = large ? lazy(() => toGrey(fromGrey(source).resize(firstSide, firstSide, { fit: 'inside' }))) : async () => source;
  const passes: Pass[] = [{ name: 'first', picture: base, options: THOROUGH }];
  // A small QR in a big frame loses its modules when scaled down: read the original pixels.
  if (large) passes.push({ name: 'full-resolution', picture: async () => source, options: RETRY });
  passes.push(
    {
      // Blur and JPEG mush: stretch the histogram, restore edges, let ZXing close small holes.
      name: 'sharpened',
      picture: lazy(async () => sharpen(stretchContrast(await base()))),
      options: { ...RETRY, tryDenoise: true },
    },
    { name: 'flattened-light', picture: lazy(async () => flattenLight(await base())), options: RETRY },
    // Closer: the receipt's QR usually sits mid-frame; enlarging it helps when modules are 1–2 px.
    { name: 'centre', picture: lazy(() => centre(source, 0.5, firstSide)), options: RETRY },
  );
  if (!large) passes.push({ name: 'enlarged', picture: lazy(() => toGrey(fromGrey(source).resize({ width: Math.round(source.width * 1.5), kernel: 'linear' }))), options: RETRY });
  return passes;
}
