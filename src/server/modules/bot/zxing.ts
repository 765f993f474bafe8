/**
 * ZXing C++ (zxing-wasm) loaded from the npm package on this machine. By default the package fetches
 * its .wasm from a CDN; a server behind a firewall (or a test without network) must never depend on
 * that, so the binary is read from node_modules once, on the first decode, and handed to the module.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';

/** An 8-bit greyscale picture, one byte per pixel, rows top to bottom. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export type QrReadOptions = Pick<
  ReaderOptions,
  'tryHarder' | 'tryRotate' | 'tryInvert' | 'tryDownscale' | 'tryDenoise' | 'binarizer' | 'isPure'
>;

let ready: Promise<unknown> | undefined;

/** The path of the reader's .wasm inside the installed package (works from src/ and from dist/). */
export function zxingWasmPath(): string {
  return createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
}

/** Loads the reader once (later calls share the first load). Throws if the package's wasm is missing or broken. */
export function loadQrReader(): Promise<unknown> {
  ready ??= readFile(zxingWasmPath()).then((binary) => {
    const wasmBinary = binary.buffer.slice(binary.byteOffset, binary.byteOffset + binary.byteLength) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  });
  // A failed load (a missing file) is retried on the next photo rather than remembered forever.
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** The texts of every valid QR code ZXing finds in the picture. */
export async function readQrTexts(image: GreyImage, options: QrReadOptions): Promise<string[]> {
  await loadQrReader();
  // zxing-wasm takes ImageData (RGBA) and turns it back to grey with weights summing to 1, so a grey
  // value copied into R, G and B arrives unchanged.
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let pixel = 0, at = 0; pixel < image.data.length; pixel++, at += 4) {
    const grey = image.data[pixel]!;
    rgba[at] = grey;
    rgba[at + 1] = grey;
    rgba[at + 2] = grey;
  }
  const imageData = { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as Parameters<
    typeof readBarcodes
  >[0];
  const results = await readBarcodes(imageData, { ...options, formats: ['QRCode'], maxNumberOfSymbols: 4 });
  return results.filter((result) => result.isValid && result.text.length > 0).map((result) => result.text);
}
