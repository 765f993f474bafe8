import { describe, expect, it } from 'vitest';
import { uploadMessages } from '../../../contract/uploads.js';
import {
  boundedSize,
  imageUrlFor,
  KEY_RANDOM_BYTES,
  outputFormatFor,
  parseStorageKey,
  refusalFor,
  storageKeyFor,
  storageKeyFromUrl,
} from './image-rules.js';

const random = (byte: number) => Buffer.alloc(KEY_RANDOM_BYTES, byte);

describe('which uploads may be decoded', () => {
  it.each(['png', 'jpeg', 'webp'])('accepts %s', (format) => {
    expect(refusalFor({ format, width: 800, height: 600 })).toBeUndefined();
  });

  it.each(['gif', 'svg', 'tiff', 'heif', 'pdf', undefined])('refuses %s as a wrong type', (format) => {
    expect(refusalFor({ format, width: 800, height: 600 })).toBe(uploadMessages.wrongType);
  });

  it('refuses an image whose header names no size as damaged', () => {
    expect(refusalFor({ format: 'png', width: undefined, height: 600 })).toBe(uploadMessages.corrupt);
    expect(refusalFor({ format: 'png', width: 0, height: 600 })).toBe(uploadMessages.corrupt);
  });

  it('refuses more than 40 megapixels before decoding (decompression bombs)', () => {
    expect(refusalFor({ format: 'png', width: 8000, height: 5000 })).toBeUndefined();
    expect(refusalFor({ format: 'png', width: 8000, height: 5001 })).toBe(uploadMessages.tooManyPixels);
    expect(refusalFor({ format: 'png', width: 100_000, height: 100_000 })).toBe(uploadMessages.tooManyPixels);
  });
});

describe('the stored format and size', () => {
  it('keeps transparency as PNG and stores everything else as JPEG', () => {
    expect(outputFormatFor({ hasTransparentPixels: true })).toBe('png');
    expect(outputFormatFor({ hasTransparentPixels: false })).toBe('jpeg');
  });

  it('bounds the longest side to 2048 px, keeping proportions', () => {
    expect(boundedSize(4000, 1000)).toEqual({ width: 2048, height: 512 });
    expect(boundedSize(1000, 4000)).toEqual({ width: 512, height: 2048 });
    expect(boundedSize(3000, 3000)).toEqual({ width: 2048, height: 2048 });
  });

  it('never enlarges a small image', () => {
    expect(boundedSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(boundedSize(2048, 10)).toEqual({ width: 2048, height: 10 });
  });

  it('keeps at least one pixel on the short side of a very long image', () => {
    expect(boundedSize(40_000, 1)).toEqual({ width: 2048, height: 1 });
  });
});

describe('storage keys', () => {
  it('are the seller id and 144 random bits in URL-safe letters', () => {
    const key = storageKeyFor(42, random(0xfb), 'jpeg');
    expect(key).toBe('42/-_v7-_v7-_v7-_v7-_v7-_v7.jpg');
    expect(parseStorageKey(key)).toEqual({ sellerId: 42, filename: '-_v7-_v7-_v7-_v7-_v7-_v7.jpg' });
    expect(storageKeyFor(7, random(1), 'png')).toMatch(/^7\/[A-Za-z0-9_-]{24}\.png$/);
  });

  it('refuse fewer random bytes than the key needs', () => {
    expect(() => storageKeyFor(1, Buffer.alloc(8), 'jpeg')).toThrow();
  });

  it.each([
    '../1/AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    '1/../AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    '/etc/passwd',
    '1/AAAAAAAAAAAAAAAAAAAAAAAA.jpg/..',
    '1/AAAAAAAAAAAAAAAAAAAAAAA.jpg',
    '1/AAAAAAAAAAAAAAAAAAAAAAAA.gif',
    '1/AAAAAAAAAAAAAAAAAAAAAAAA.JPG',
    '01/AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    '0/AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    '1\\AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    '1/AAAAAAAAAAAAAAAAAAAAAA%2e.jpg',
    '9999999999/AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    '1/AAAAAAAAAAAAAAAAAAAAAAAA.jpg\n',
    '',
  ])('reject anything but the exact shape: %j', (key) => {
    expect(parseStorageKey(key)).toBeUndefined();
  });
});

describe('our image URLs', () => {
  const key = storageKeyFor(42, random(7), 'jpeg');

  it('are absolute, on the public URL', () => {
    expect(imageUrlFor('https://scanapp.example', key)).toBe(`https://scanapp.example/lk/uploads/${key}`);
  });

  it('are recognised by their path whatever the host', () => {
    expect(storageKeyFromUrl(`https://scanapp.example/lk/uploads/${key}`)).toBe(key);
    expect(storageKeyFromUrl(`http://localhost:3000/lk/uploads/${key}`)).toBe(key);
  });

  it.each([
    'not a url',
    '/lk/uploads/42/AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    'ftp://scanapp.example/lk/uploads/42/AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    'https://scanapp.example/uploads/42/AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    'https://scanapp.example/lk/uploads/42/AAAAAAAAAAAAAAAAAAAAAAAA.jpg?x=1',
    'https://user:pw@scanapp.example/lk/uploads/42/AAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    'https://scanapp.example/lk/uploads/42%2FAAAAAAAAAAAAAAAAAAAAAAAA.jpg',
    'https://cdn.example/photo.jpg',
  ])('do not include %j', (url) => {
    expect(storageKeyFromUrl(url)).toBeUndefined();
  });
});
