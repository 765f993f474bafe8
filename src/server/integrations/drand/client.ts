import { defaultChainOptions, fetchBeacon, HttpCachingChain, HttpChainClient, type ChainOptions } from 'drand-client';
import type { BeaconChain, BeaconRound } from '../../../contract/draw-beacon.js';

/**
 * The draws' source of randomness: drand over HTTP through drand-client, pinned to one chain (its
 * hash and public key), so an address answering another chain is refused, and every round's BLS
 * signature is verified before it is used. A round not out yet, a network failure, a wrong chain or
 * a bad signature all throw: the caller tries again later and never draws without the beacon.
 */
export interface BeaconClient {
  chain: BeaconChain;
  /** The chain's address: `<url>/public/<round>` is where anyone fetches a round. */
  url: string;
  fetchRound(round: number): Promise<BeaconRound>;
}

export interface BeaconClientOptions {
  url: string;
  chain: BeaconChain;
  timeoutMs: number;
}

export function createBeaconClient(options: BeaconClientOptions): BeaconClient {
  const chainOptions: ChainOptions = {
    ...defaultChainOptions,
    chainVerificationParams: { chainHash: options.chain.hash, publicKey: options.chain.public_key },
  };
  const client = new HttpChainClient(new HttpCachingChain(options.url, chainOptions), chainOptions);
  return {
    chain: options.chain,
    url: options.url,
    async fetchRound(round) {
      // drand-client's fetch takes no signal: a hung call is left behind, the caller moves on.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`drand did not answer in ${options.timeoutMs} ms`)), options.timeoutMs);
      });
      try {
        const beacon = await Promise.race([fetchBeacon(client, round), timeout]);
        return { round: beacon.round, randomness: beacon.randomness, signature: beacon.signature };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
