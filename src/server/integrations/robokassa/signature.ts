import { createHash, timingSafeEqual } from 'node:crypto';

/** Hash algorithms a Robokassa shop can be set to ("Технические настройки" of the shop). */
export const ROBOKASSA_HASHES = ['md5', 'sha1', 'sha256', 'sha384', 'sha512'] as const;
export type RobokassaHash = (typeof ROBOKASSA_HASHES)[number];

/** Custom `Shp_` parameters join the signature sorted by name, as `Shp_name=value`. */
export type ShpParams = Record<string, string>;

function shpTail(shp: ShpParams): string[] {
  return Object.keys(shp)
    .filter((key) => /^shp_/i.test(key))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${key}=${shp[key]}`);
}

export function hashHex(algorithm: RobokassaHash, base: string): string {
  return createHash(algorithm).update(base, 'utf8').digest('hex');
}

/**
 * Signature of a payment link: `MerchantLogin:OutSum:InvId[:Receipt]:Password1[:Shp_…]`.
 * `receipt` is the URL-encoded JSON exactly as it is sent in the `Receipt` parameter.
 */
export function paymentLinkSignature(input: {
  algorithm: RobokassaHash;
  merchantLogin: string;
  outSum: string;
  invId: number | string;
  receipt?: string;
  password1: string;
  shp?: ShpParams;
}): string {
  const parts = [input.merchantLogin, input.outSum, String(input.invId)];
  if (input.receipt !== undefined) parts.push(input.receipt);
  parts.push(input.password1, ...shpTail(input.shp ?? {}));
  return hashHex(input.algorithm, parts.join(':'));
}

/**
 * Signature of the server notice (ResultURL, with Password2) and of the browser's return
 * (SuccessURL, with Password1): `OutSum:InvId:Password[:Shp_…]`.
 */
export function noticeSignature(input: {
  algorithm: RobokassaHash;
  outSum: string;
  invId: number | string;
  password: string;
  shp?: ShpParams;
}): string {
  return hashHex(input.algorithm, [input.outSum, String(input.invId), input.password, ...shpTail(input.shp ?? {})].join(':'));
}

/** Robokassa sends hex in any letter case; compare case-insensitively in constant time. */
export function signaturesMatch(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `Shp_…` parameters of a request, in the case Robokassa sent them. */
export function pickShp(params: Record<string, unknown>): ShpParams {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([key, value]) => /^shp_/i.test(key) && typeof value === 'string')
      .map(([key, value]) => [key, value as string]),
  );
}

/** Rubles as Robokassa writes them: a point and two decimals ("1000.00"). */
export function formatOutSum(kopecks: number): string {
  return (kopecks / 100).toFixed(2);
}

/** Parses OutSum ("1000", "1000.0", "1000.000000") into kopecks; undefined when it is not a sum. */
export function parseOutSum(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,6})?$/.test(value.trim())) return undefined;
  return Math.round(Number(value.trim()) * 100);
}
