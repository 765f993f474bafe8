import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { qrImage } from '../../../../tests/support/qr-corpus.js';
import { decodeReceiptQr } from './qr-photo.js';
import { zxingWasmPath } from './zxing.js';

// This file runs in its own module context, so the decoder's wasm is loaded here for the first time.
describe('the ZXing reader', () => {
  const networkCalls: string[] = [];

  beforeAll(() => {
    vi.stubGlobal('fetch', (input: unknown) => {
      networkCalls.push(String(input));
      throw new Error('the QR decoder must not use the network');
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  it('loads its wasm from the installed npm package, without the network', async () => {
    const decoded = await decodeReceiptQr(await qrImage('t=20241224T1950&s=1003.52&fn=7281440701489843&i=26288&fp=648372474&n=1'));
    expect(decoded).toEqual({ text: 't=20241224T1950&s=1003.52&fn=7281440701489843&i=26288&fp=648372474&n=1' });
    expect(networkCalls).toEqual([]);
  });

  it('finds the wasm file inside node_modules/zxing-wasm', () => {
    const wasm = zxingWasmPath();
    expect(wasm.split(path.sep).join('/')).toMatch(/node_modules\/zxing-wasm\/dist\/reader\/zxing_reader\.wasm$/);
    expect(existsSync(wasm)).toBe(true);
  });
});
