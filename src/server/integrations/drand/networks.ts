import type { BeaconChain } from '../../../contract/draw-beacon.js';

/**
 * drand's "quicknet" (League of Entropy mainnet, https://api.drand.sh): a round every 3 s, unchained
 * BLS signatures on G1 per RFC 9380, public key on G2. The values are drand's published chain info
 * (drand-client's QUICKNET_CHAIN_INFO); the client refuses an address that answers another chain.
 */
export const QUICKNET: BeaconChain = {
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  scheme_id: 'bls-unchained-g1-rfc9380',
  period: 3,
  genesis_time: 1692803367,
};

export const QUICKNET_URL = `https://api.drand.sh/${QUICKNET.hash}`;

/**
 * The demo emulator's chain: quicknet's scheme, period and genesis with the emulator's own key
 * (emulator.ts derives it from its key text; emulator.test.ts checks they agree; the hash is
 * SHA-256 of `<public key>:<period>:<genesis>:<scheme>:scanapp-demo`, as a chain hash names one chain). Written out
 * so that reading the config loads no curve code.
 */
export const DEMO_DRAND_CHAIN: BeaconChain = {
  hash: 'e469099f5550c671b69cf096410be57e6f1d7680343151a3d7116819a10fb6d9',
  public_key:
    '9353bff6f03f7d8dda7c9ffe22d9c4fd5dedc45b941eeea05c5d32a8469d79e15ef41aebad65fefe343efa58125576a612bdbed427e32a6869eefbb6f1688178ab78459a1b1c83bd9ce37994ad86c3ed4e5c1295f019cce750abfed2b856384c',
  scheme_id: QUICKNET.scheme_id,
  period: QUICKNET.period,
  genesis_time: QUICKNET.genesis_time,
};

/** Demo-mode emulator's address below the app's own (`/__emulators/drand/<chain hash>`, as drand serves a chain). */
export const DRAND_EMULATOR_PREFIX = '/__emulators/drand';
