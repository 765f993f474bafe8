import type sharpModule from 'sharp';

/** sharp's entry function, with its options and helpers (`sharp.cache`, `sharp.concurrency`). */
export type SharpLibrary = typeof sharpModule;

let loading: Promise<SharpLibrary> | undefined;

/**
 * sharp (libvips), loaded on first use rather than at start: the library and its threads cost an idle
 * server ≈ 28 MiB, and only a shopper's photo, an upload or the Telegram emulator's files need it.
 */
export function loadSharp(): Promise<SharpLibrary> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // Every image is a different one: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  }));
}
