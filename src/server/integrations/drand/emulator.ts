import { createHash } from 'node:crypto';
import { bls12_381 as bls } from '@noble/curves/bls12-381';
import type { FastifyPluginAsync } from 'fastify';
import { chainInfoOf, firstRoundAfter, type BeaconChain, type BeaconRound } from '../../../contract/draw-beacon.js';
import { DEMO_DRAND_CHAIN } from './networks.js';

/**
 * Stand-in for a drand HTTP endpoint (demo mode), under /__emulators/drand/<chain hash>: `/info`,
 * `/public/latest`, `/public/{round}`, as api.drand.sh serves a chain. Its rounds follow the demo
 * clock and are signed with its own key in quicknet's scheme (BLS on G1, RFC 9380 hashing), so
 * drand-client verifies them exactly as it verifies the network's. A round not emitted yet is
 * refused as drand's HTTP relay refuses it: 425 Too Early.
 */
export interface DrandEmulatorOptions {
  /** The demo clock: the latest round is the one of its time. */
  now: () => Date;
}

/** Readable on purpose: this key signs only the demo's rounds, and anyone may re-derive it. */
const DEMO_KEY_TEXT = 'ScanApp demo drand emulator: never a real network key';
/** quicknet's scheme `bls-unchained-g1-rfc9380`: signatures on G1 with this hash-to-curve tag. */
const SIGNATURE_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

export const demoPrivateKey = () => BigInt(`0x${sha256(Buffer.from(DEMO_KEY_TEXT)).toString('hex')}`) % bls.fields.Fr.ORDER;

/** The public key on G2 (compressed, hex) of a private key, as a chain's `/info` shows it. */
export const publicKeyOf = (privateKey: bigint) => bls.G2.ProjectivePoint.BASE.multiply(privateKey).toHex(true);

/** An unchained round: the signature of SHA-256(round as 8 bytes big-endian), randomness = SHA-256(signature). */
export function signRound(privateKey: bigint, round: number): BeaconRound {
  const roundBytes = Buffer.alloc(8);
  roundBytes.writeBigUInt64BE(BigInt(round));
  const point = bls.G1.hashToCurve(sha256(roundBytes), { DST: SIGNATURE_DST }) as typeof bls.G1.ProjectivePoint.BASE;
  const signature = point.multiply(privateKey).toHex(true);
  return { round, randomness: sha256(Buffer.from(signature, 'hex')).toString('hex'), signature };
}

export function drandEmulator(options: DrandEmulatorOptions, chain: BeaconChain = DEMO_DRAND_CHAIN): FastifyPluginAsync {
  const privateKey = demoPrivateKey();
  // The latest round emitted by the demo clock's time.
  const latest = () => firstRoundAfter(chain, options.now()) - 1;
  return async (app) => {
    app.get(`/${chain.hash}/info`, async () => chainInfoOf(chain));
    app.get(`/${chain.hash}/public/latest`, async () => signRound(privateKey, latest()));
    app.get<{ Params: { round: string } }>(`/${chain.hash}/public/:round`, async (request, reply) => {
      const round = /^\d{1,15}$/.test(request.params.round) ? Number(request.params.round) : 0;
      if (round < 1) return reply.status(400).send({ error: 'invalid round' });
      if (round > latest()) return reply.status(425).send({ error: 'round is in the future' });
      return signRound(privateKey, round);
    });
  };
}
