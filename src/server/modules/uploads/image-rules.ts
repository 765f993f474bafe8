import { UPLOAD_MAX_INPUT_PIXELS, UPLOAD_MAX_SIDE_PX, UPLOADS_BASE, uploadMessages } from '../../../contract/uploads.js';

/** sharp's names of the formats SPEC §5 allows (`metadata().format`); everything else is refused. */
const ACCEPTED_INPUT_FORMATS = new Set(['png', 'jpeg', 'webp']);

export type OutputFormat = 'jpeg' | 'png';
export const CONTENT_TYPES: Record<OutputFormat, 'image/jpeg' | 'image/png'> = { jpeg: 'image/jpeg', png: 'image/png' };
const EXTENSIONS: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png' };

/** What sharp's header read tells us about an upload, before any pixel is decoded. */
export interface ImageHeader {
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
}

/** Why an upload is refused, as the Russian text the seller sees; undefined when it may be decoded. */
export function refusalFor(header: ImageHeader): string | undefined {
  if (!header.format || !ACCEPTED_INPUT_FORMATS.has(header.format)) return uploadMessages.wrongType;
  if (!header.width || !header.height) return uploadMessages.corrupt;
  if (header.width * header.height > UPLOAD_MAX_INPUT_PIXELS) return uploadMessages.tooManyPixels;
  return undefined;
}

/**
 * JPEG for photos; PNG only when some pixel is see-through (a logo on a transparent
 * background would get a black box as JPEG). Telegram's sendPhoto takes both.
 */
export function outputFormatFor(image: { hasTransparentPixels: boolean }): OutputFormat {
  return image.hasTransparentPixels ? 'png' : 'jpeg';
}

/** The stored size: longest side at most UPLOAD_MAX_SIDE_PX, proportions kept, never enlarged. */
export function boundedSize(width: number, height: number, maxSide = UPLOAD_MAX_SIDE_PX): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  if (scale === 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** 18 random bytes = 144 bits, written as 24 base64url characters: a URL nobody can guess. */
export const KEY_RANDOM_BYTES = 18;
/** `<sellerId>/<24 base64url chars>.<jpg|png>`: the only shape a key can have, so a path can't escape. */
const STORAGE_KEY_PATTERN = /^([1-9][0-9]{0,9})\/([A-Za-z0-9_-]{24})\.(jpg|png)$/;

export function storageKeyFor(sellerId: number, random: Buffer, format: OutputFormat): string {
  if (random.length !== KEY_RANDOM_BYTES) throw new Error(`a storage key needs ${KEY_RANDOM_BYTES} random bytes`);
  return `${sellerId}/${random.toString('base64url')}.${EXTENSIONS[format]}`;
}

/** The seller a key belongs to, or undefined when the text is not a key we could have issued. */
export function parseStorageKey(key: string): { sellerId: number; filename: string } | undefined {
  const match = STORAGE_KEY_PATTERN.exec(key);
  if (!match) return undefined;
  const sellerId = Number(match[1]);
  if (sellerId > 2_147_483_647) return undefined;
  return { sellerId, filename: `${match[2]}.${match[3]}` };
}

/** `${publicUrl}/lk/uploads/<key>`: absolute, because Telegram and the Mini App fetch it. */
export function imageUrlFor(publicUrl: string, key: string): string {
  return `${publicUrl}${UPLOADS_BASE}/${key}`;
}

/**
 * The storage key named by one of our image URLs, or undefined. Only the path is compared:
 * ownership is proven by the database row (per seller), not the host, so links written before
 * a PUBLIC_URL change keep working.
 */
export function storageKeyFromUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.search || parsed.hash || parsed.username || parsed.password) return undefined;
  const prefix = `${UPLOADS_BASE}/`;
  if (!parsed.pathname.startsWith(prefix)) return undefined;
  const key = parsed.pathname.slice(prefix.length);
  return parseStorageKey(key) ? key : undefined;
}
