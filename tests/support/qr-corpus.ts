/**
 * A generated corpus of receipt "phone photos" for the QR decoder: the fiscal QR strings of the real
 * receipts in tests/fixtures/receipts, rendered with `qrcode` and degraded with sharp the way phone
 * photos are (small in a big frame, rotated, skewed, blurred, low JPEG quality, uneven light, noise,
 * and combinations), plus photos without any QR. Deterministic: every random choice comes from a
 * seeded generator, so a miss reproduces. Nothing is committed as binaries.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { qrOfReceipt } from '../../src/server/integrations/tax/emulator-receipt.js';
import { formatFiscalQr } from '../../src/server/modules/receipts/qr.js';
import { FIXTURE_NAMES, loadReceipt } from '../fixtures/receipts/index.js';

export interface CorpusPhoto {
  name: string;
  /** The encoded photo as a bot would download it (JPEG, PNG or WebP). */
  image: Buffer;
  /** The QR text the decoder must find, or null for a photo without a QR. */
  expected: string | null;
}

/** Raw 3-channel pixels between steps: re-encoding every step would cost more than the decoding under test. */
interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

const WHITE = { r: 255, g: 255, b: 255 };

/** mulberry32: a tiny seeded generator, enough for noise and positions. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The fiscal QR string printed on each fixture receipt. */
export function fixtureQrStrings(): { name: string; text: string }[] {
  return FIXTURE_NAMES.map((name) => {
    const qr = qrOfReceipt(loadReceipt(name));
    if (!qr) throw new Error(`fixture ${name} is not a receipt`);
    return { name, text: formatFiscalQr(qr) };
  });
}

async function toRaw(image: Sharp): Promise<Raw> {
  const { data, info } = await image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function fromRaw(raw: Raw): Sharp {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
}

/** The QR as printed: black modules, a white quiet zone of 4 modules, about `sidePx` wide. */
async function renderQr(text: string, sidePx: number): Promise<Raw> {
  const png = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 1 });
  return toRaw(sharp(png).flatten({ background: WHITE }).resize(sidePx, sidePx, { kernel: 'nearest' }));
}

/** A textured background (a table, a hand): smooth blotches of grey-brown plus grain. */
async function background(width: number, height: number, random: () => number): Promise<Raw> {
  const cells = 24;
  const coarse = Buffer.alloc(cells * cells * 3);
  for (let i = 0; i < cells * cells; i++) {
    const tone = 90 + Math.floor(random() * 110);
    coarse[i * 3] = tone;
    coarse[i * 3 + 1] = Math.max(0, tone - 15);
    coarse[i * 3 + 2] = Math.max(0, tone - 35);
  }
  const smooth = await toRaw(
    sharp(coarse, { raw: { width: cells, height: cells, channels: 3 } }).resize(width, height, { kernel: 'cubic' }),
  );
  const grain = grainTile();
  for (let y = 0; y < height; y++) {
    const row = (y % GRAIN_SIDE) * GRAIN_SIDE;
    for (let x = 0; x < width; x++) {
      const shift = grain[row + (x % GRAIN_SIDE)]!;
      const at = (y * width + x) * 3;
      smooth.data[at] = clamp(smooth.data[at]! + shift);
      smooth.data[at + 1] = clamp(smooth.data[at + 1]! + shift);
      smooth.data[at + 2] = clamp(smooth.data[at + 2]! + shift);
    }
  }
  return smooth;
}

const GRAIN_SIDE = 257;
let grain: Int8Array | undefined;

/** Grain is tiled from one seeded patch: drawing millions of random numbers per photo made the corpus slow to build. */
function grainTile(): Int8Array {
  if (grain) return grain;
  const random = seededRandom(7);
  grain = new Int8Array(GRAIN_SIDE * GRAIN_SIDE);
  for (let i = 0; i < grain.length; i++) grain[i] = Math.round((random() - 0.5) * 40);
  return grain;
}

/** A strip of receipt paper with text-like bars and the QR near its bottom, as a cashier prints it. */
async function receiptPaper(qr: Raw, random: () => number): Promise<Raw> {
  const width = Math.round(qr.width * 1.6);
  const height = Math.round(qr.height * 2.4);
  const lines: OverlayOptions[] = [];
  for (let y = 12; y < height - qr.height - 30; y += 22) {
    const lineWidth = Math.round(width * (0.3 + random() * 0.6));
    lines.push({ input: { create: { width: lineWidth, height: 9, channels: 3, background: { r: 40, g: 40, b: 40 } } }, left: 10, top: y });
  }
  lines.push({
    input: qr.data,
    raw: { width: qr.width, height: qr.height, channels: 3 },
    left: Math.round((width - qr.width) / 2),
    top: height - qr.height - 12,
  });
  return toRaw(sharp({ create: { width, height, channels: 3, background: { r: 246, g: 244, b: 238 } } }).composite(lines));
}

/** Places `item` on a `width`×`height` textured frame at a seeded spot. */
async function inFrame(item: Raw, width: number, height: number, random: () => number): Promise<Raw> {
  const frame = await background(width, height, random);
  const left = Math.floor(random() * Math.max(1, width - item.width));
  const top = Math.floor(random() * Math.max(1, height - item.height));
  return toRaw(fromRaw(frame).composite([{ input: item.data, raw: { width: item.width, height: item.height, channels: 3 }, left, top }]));
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

const rotate = (degrees: number) => (raw: Raw) => toRaw(fromRaw(raw).rotate(degrees, { background: { r: 120, g: 110, b: 90 } }));

/** A phone held at an angle: perspective is approximated by an affine shear plus unequal scale. */
const skew = (shearX: number, shearY: number) => (raw: Raw) =>
  toRaw(
    fromRaw(raw).affine(
      [
        [1, shearX],
        [shearY, 0.85],
      ],
      { background: { r: 120, g: 110, b: 90 }, interpolator: 'bicubic' },
    ),
  );

const blur = (sigma: number) => (raw: Raw) => toRaw(fromRaw(raw).blur(sigma));

/** A lamp on one side: a dark-to-bright diagonal gradient multiplied over the photo. */
const unevenLight = (darkest: number) => async (raw: Raw) => {
  const shade = Buffer.alloc(raw.width * raw.height * 3);
  for (let y = 0; y < raw.height; y++) {
    for (let x = 0; x < raw.width; x++) {
      const t = (x / raw.width + y / raw.height) / 2;
      const value = clamp(darkest + (255 - darkest) * t);
      const at = (y * raw.width + x) * 3;
      shade[at] = value;
      shade[at + 1] = value;
      shade[at + 2] = clamp(value * 0.92);
    }
  }
  return toRaw(fromRaw(raw).composite([{ input: shade, raw: { width: raw.width, height: raw.height, channels: 3 }, blend: 'multiply' }]));
};

/** Sensor noise: a share of pixels pushed by a random amount. */
const noise = (share: number, amplitude: number, random: () => number) => async (raw: Raw) => {
  const data = Buffer.from(raw.data);
  for (let at = 0; at < data.length; at += 3) {
    if (random() >= share) continue;
    const shift = (random() - 0.5) * 2 * amplitude;
    for (let c = 0; c < 3; c++) data[at + c] = clamp(data[at + c]! + shift);
  }
  return { ...raw, data };
};

type Step = (raw: Raw) => Promise<Raw>;
type Encoding = { format: 'jpeg'; quality: number; orientation?: number } | { format: 'png' } | { format: 'webp'; quality: number };

interface Variant {
  name: string;
  /** Longest side of the QR (with its quiet zone), px. */
  qrSide: number;
  /** On a strip of receipt paper (true) or bare. */
  paper: boolean;
  frame: [number, number];
  steps: (random: () => number) => Step[];
  encoding: Encoding;
}

const JPEG: Encoding = { format: 'jpeg', quality: 85 };

/** The degradation families; each fixture's QR goes through each of them. */
const VARIANTS: Variant[] = [
  { name: 'clean', qrSide: 300, paper: false, frame: [400, 400], steps: () => [], encoding: { format: 'png' } },
  { name: 'receipt-photo', qrSide: 320, paper: true, frame: [1280, 960], steps: () => [], encoding: JPEG },
  { name: 'small-in-large-frame', qrSide: 150, paper: false, frame: [2000, 1500], steps: () => [], encoding: JPEG },
  { name: 'small-on-receipt', qrSide: 170, paper: true, frame: [2000, 1500], steps: () => [], encoding: JPEG },
  { name: 'tiny-in-huge-frame', qrSide: 115, paper: false, frame: [2560, 1920], steps: () => [], encoding: JPEG },
  { name: 'rotated-15', qrSide: 300, paper: true, frame: [1280, 960], steps: () => [rotate(15)], encoding: JPEG },
  { name: 'rotated-45', qrSide: 300, paper: true, frame: [1280, 960], steps: () => [rotate(45)], encoding: JPEG },
  { name: 'rotated-90', qrSide: 300, paper: true, frame: [1280, 960], steps: () => [rotate(90)], encoding: JPEG },
  { name: 'rotated-180', qrSide: 300, paper: true, frame: [1280, 960], steps: () => [rotate(180)], encoding: JPEG },
  {
    name: 'exif-rotated',
    qrSide: 300,
    paper: true,
    frame: [1280, 960],
    steps: () => [rotate(270)],
    encoding: { format: 'jpeg', quality: 85, orientation: 6 },
  },
  { name: 'skewed', qrSide: 320, paper: true, frame: [1280, 960], steps: () => [skew(0.3, 0.1)], encoding: JPEG },
  { name: 'skewed-strong', qrSide: 360, paper: true, frame: [1280, 960], steps: () => [skew(-0.45, 0.2)], encoding: JPEG },
  { name: 'blurred-1', qrSide: 300, paper: true, frame: [1280, 960], steps: () => [blur(1)], encoding: JPEG },
  { name: 'blurred-2', qrSide: 360, paper: true, frame: [1280, 960], steps: () => [blur(2)], encoding: JPEG },
  { name: 'jpeg-q20', qrSide: 300, paper: true, frame: [1280, 960], steps: () => [], encoding: { format: 'jpeg', quality: 20 } },
  { name: 'jpeg-q35', qrSide: 240, paper: true, frame: [1280, 960], steps: () => [], encoding: { format: 'jpeg', quality: 35 } },
  { name: 'uneven-light', qrSide: 300, paper: true, frame: [1280, 960], steps: () => [unevenLight(40)], encoding: JPEG },
  { name: 'noise', qrSide: 300, paper: true, frame: [1280, 960], steps: (random) => [noise(0.3, 70, random)], encoding: JPEG },
  { name: 'webp', qrSide: 300, paper: true, frame: [1280, 960], steps: () => [], encoding: { format: 'webp', quality: 60 } },
  { name: 'blurred-3', qrSide: 400, paper: true, frame: [1600, 1200], steps: () => [blur(3)], encoding: JPEG },
  {
    name: 'deep-shadow',
    qrSide: 300,
    paper: true,
    frame: [1280, 960],
    steps: (random) => [unevenLight(12), noise(0.3, 30, random)],
    encoding: { format: 'jpeg', quality: 60 },
  },
  {
    name: 'small-rotated-jpeg',
    qrSide: 180,
    paper: true,
    frame: [2000, 1500],
    steps: () => [rotate(30)],
    encoding: { format: 'jpeg', quality: 35 },
  },
  {
    name: 'skewed-blurred-noisy',
    qrSide: 340,
    paper: true,
    frame: [1280, 960],
    steps: (random) => [skew(0.25, -0.1), blur(1.5), noise(0.2, 50, random)],
    encoding: JPEG,
  },
  {
    name: 'dim-rotated-lowq',
    qrSide: 300,
    paper: true,
    frame: [1280, 960],
    steps: () => [rotate(-20), unevenLight(60)],
    encoding: { format: 'jpeg', quality: 30 },
  },
  {
    name: 'blurred-noisy-dim',
    qrSide: 320,
    paper: true,
    frame: [1600, 1200],
    steps: (random) => [blur(1.2), unevenLight(70), noise(0.25, 50, random)],
    encoding: { format: 'jpeg', quality: 50 },
  },
];

/** Photos with no QR at all: a bare table, a receipt strip without its code, a photo of something else. */
const NO_QR_SCENES = 12;

async function encode(raw: Raw, encoding: Encoding): Promise<Buffer> {
  const image = fromRaw(raw);
  if (encoding.format === 'png') return image.png().toBuffer();
  if (encoding.format === 'webp') return image.webp({ quality: encoding.quality }).toBuffer();
  const jpeg = image.jpeg({ quality: encoding.quality });
  return encoding.orientation ? jpeg.withMetadata({ orientation: encoding.orientation }).toBuffer() : jpeg.toBuffer();
}

async function degrade(text: string, variant: Variant, seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const qr = await renderQr(text, variant.qrSide);
  const item = variant.paper ? await receiptPaper(qr, random) : qr;
  let photo = await inFrame(item, variant.frame[0], variant.frame[1], random);
  for (const step of variant.steps(random)) photo = await step(photo);
  return encode(photo, variant.encoding);
}

async function noQrScene(index: number): Promise<Buffer> {
  const random = seededRandom(10_000 + index);
  const [width, height] = index % 3 === 0 ? [2000, 1500] : [1280, 960];
  const frame = await background(width, height, random);
  if (index % 2 === 0) return encode(frame, JPEG);
  // A receipt strip whose code is cut off: text bars and a grid-like pattern that is not a QR.
  const pattern = Buffer.alloc(200 * 200 * 3, 255);
  for (let y = 0; y < 200; y++)
    for (let x = 0; x < 200; x++)
      if (((x >> 3) + (y >> 3)) % 3 === 0 || random() < 0.1) pattern.fill(0, (y * 200 + x) * 3, (y * 200 + x) * 3 + 3);
  const paper = await receiptPaper({ data: pattern, width: 200, height: 200 }, random);
  return encode(await inFrame(paper, width, height, random), index % 4 === 1 ? JPEG : { format: 'jpeg', quality: 30 });
}

export interface CorpusOptions {
  /** Only these degradation families (all when omitted). */
  variants?: string[];
  /** Only the first N fixtures (all when omitted). */
  fixtures?: number;
  /**
   * Keep 1 in `sample` of the fixture × family photos, spread so every family keeps some and each
   * family a different fixture (all when omitted).
   */
  sample?: number;
  /** How many photos without a QR (default all twelve). */
  withoutQr?: number;
}

/**
 * Under vitest, photos made once are kept in .tmp/ and read back: making the unit tests' 29 took
 * 5 s of CPU, a third of their file (docs/benchmarks.md, "Developer loop"). Each photo is named
 * by everything it comes from (this file, sharp's and qrcode's versions, the platform, the QR
 * text and the seed), so a change to any of them makes it afresh; the bench always makes them.
 */
const cacheDir = process.env.VITEST
  ? (() => {
      const root = path.resolve(import.meta.dirname, '../..');
      const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url)));
      for (const pkg of ['sharp', 'qrcode']) hash.update(readFileSync(path.join(root, 'node_modules', pkg, 'package.json')));
      hash.update(`${process.platform}-${process.arch}`);
      return path.join(root, '.tmp/qr-corpus', hash.digest('hex').slice(0, 16));
    })()
  : undefined;

async function cached(what: string, make: () => Promise<Buffer>): Promise<Buffer> {
  if (!cacheDir) return make();
  const file = path.join(cacheDir, createHash('sha256').update(what).digest('hex').slice(0, 24));
  if (existsSync(file)) return readFileSync(file);
  const image = await make();
  mkdirSync(cacheDir, { recursive: true });
  // Whole or not at all: parallel workers may make the same photo.
  writeFileSync(`${file}.${process.pid}`, image);
  renameSync(`${file}.${process.pid}`, file);
  return image;
}

/** Every fixture QR through every degradation family, plus the photos without a QR. */
export async function buildCorpus(options: CorpusOptions = {}): Promise<CorpusPhoto[]> {
  const qrs = fixtureQrStrings().slice(0, options.fixtures);
  const variants = options.variants ? VARIANTS.filter((variant) => options.variants!.includes(variant.name)) : VARIANTS;
  const photos: CorpusPhoto[] = [];
  for (const [qrIndex, qr] of qrs.entries()) {
    for (const [variantIndex, variant] of variants.entries()) {
      if (options.sample && (variantIndex - qrIndex) % options.sample !== 0) continue;
      const seed = qrIndex * 1000 + variantIndex;
      const image = await cached(`${variant.name}\0${qr.text}\0${seed}`, () => degrade(qr.text, variant, seed));
      photos.push({ name: `${variant.name}/${qr.name}`, image, expected: qr.text });
    }
  }
  for (let index = 0; index < Math.min(options.withoutQr ?? NO_QR_SCENES, NO_QR_SCENES); index++) {
    photos.push({ name: `no-qr/${index}`, image: await cached(`no-qr\0${index}`, () => noQrScene(index)), expected: null });
  }
  return photos;
}

export const VARIANT_NAMES = VARIANTS.map((variant) => variant.name);

/** A QR picture of any text, for tests that need one clean code (e.g. a non-fiscal QR). */
export async function qrImage(text: string, sidePx = 300): Promise<Buffer> {
  return encode(await renderQr(text, sidePx), { format: 'png' });
}
