// Prize draws drawn from the drand randomness beacon (https://drand.love): the one check the
// server, the public page /draws/{id} and `npm run admin -- draw:verify` run on a draw's beacon
// round. drand-client's own verification does it (BLS12-381 through @noble/curves), fed with the
// published values instead of the network, so it works offline in any browser.
//
// 1. At creation the draw fixes `round`: the first round of the chain emitted after `closes_at`
//    (earlier only when the seller closes it at once: the first round at least BEACON_MARGIN_SECONDS
//    after that moment). Nobody knows its randomness yet, not ScanApp either.
// 2. At closing the tickets are frozen and their hash published (draw-fairness.ts, step 2).
// 3. Once the round is out, its signature is checked against the chain's public key and the
//    winners are derived as in draw-fairness.ts step 3, with the round's 32-byte randomness
//    (SHA-256 of the signature) as the HMAC key instead of a seed.
import { fetchBeacon, roundAt, roundTime, type ChainClient, type ChainInfo } from 'drand-client';
import { drawWinners, hashedTickets, type FairTicket, type HashedTickets } from './draw-fairness.js';

/** A drand chain as its `/info` describes it: the key that signs its rounds, the scheme, the timing. */
export interface BeaconChain {
  hash: string;
  public_key: string;
  scheme_id: string;
  /** Seconds between rounds. */
  period: number;
  /** Unix seconds of round 1. */
  genesis_time: number;
}

/** One round as drand publishes it (`/public/{round}`). */
export interface BeaconRound {
  round: number;
  randomness: string;
  signature: string;
}

/**
 * A seller's «Завершить сейчас»: the round is at least this far past the freeze, so it is surely
 * not out yet when the tickets' hash is stored, even with the server's clock a little behind drand's.
 */
export const BEACON_MARGIN_SECONDS = 10;

export function chainInfoOf(chain: BeaconChain): ChainInfo {
  return {
    public_key: chain.public_key,
    period: chain.period,
    genesis_time: chain.genesis_time,
    hash: chain.hash,
    groupHash: '',
    schemeID: chain.scheme_id,
    metadata: { beaconID: '' },
  };
}

/** The first round of the chain emitted strictly after `time`. */
export function firstRoundAfter(chain: BeaconChain, time: Date): number {
  return roundAt(time.getTime(), chainInfoOf(chain)) + 1;
}

/** When the round is emitted. */
export function roundTimeOf(chain: BeaconChain, round: number): Date {
  return new Date(roundTime(chainInfoOf(chain), round));
}

/** True when `beacon` is `round` of the chain: the randomness is the signature's SHA-256 and the BLS signature is the chain key's. */
export async function beaconIsValid(chain: BeaconChain, round: number, beacon: BeaconRound): Promise<boolean> {
  const info = chainInfoOf(chain);
  const published: ChainClient = {
    options: { disableBeaconVerification: false, noCache: false },
    latest: async () => beacon,
    get: async () => beacon,
    chain: () => ({ baseUrl: '', info: async () => info }),
  };
  try {
    await fetchBeacon(published, round);
    return true;
  } catch {
    return false;
  }
}

export interface BeaconDrawCheck {
  beacon: boolean;
  tickets_hash: boolean;
  winners: boolean;
}

/** Re-computes a closed beacon draw from what it published: each published value against the re-computed one. */
export async function verifyBeaconDraw(published: {
  chain: BeaconChain;
  round: number;
  beacon: BeaconRound;
  tickets_hash: string;
  winners_requested: number;
  tickets: readonly FairTicket[] | HashedTickets;
  winners: readonly number[];
}): Promise<BeaconDrawCheck> {
  const beaconOk = await beaconIsValid(published.chain, published.round, published.beacon);
  const { hash, pool } = await hashedTickets(published.tickets);
  const winners = beaconOk
    ? await drawWinners({
        keyHex: published.beacon.randomness,
        ticketsHash: hash,
        tickets: pool,
        winners: published.winners_requested,
      })
    : [];
  return {
    beacon: beaconOk,
    tickets_hash: hash === published.tickets_hash,
    winners: beaconOk && winners.length === published.winners.length && winners.every((ticket, i) => ticket === published.winners[i]),
  };
}
