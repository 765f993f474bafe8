// The provably fair prize draw: one derivation that the server, the public page
// /draws/{id} and `npm run admin -- draw:verify` all run, so a draw's winners can be re-computed by
// anyone from its published values. Web Crypto (`globalThis.crypto.subtle`) works in Node 20 and in
// every browser, so this file needs no import. Draws made since migration 0050 take step 3's key
// from the drand beacon instead of a seed (draw-beacon.ts); steps 1 and 4 stay for the draws made before.
//
// 1. At creation a random 32-byte seed is fixed and its commitment published:
//    commitment = SHA-256(the seed's 32 bytes), hex.
// 2. At closing the tickets are frozen and serialised, one line per ticket in ticket order,
//    `<ticket>;<receipt_id>;<shopper>\n` (decimal numbers, UTF-8, nothing else; no tickets: the
//    empty text); tickets_hash = SHA-256(that text), hex. `shopper` numbers the draw's shoppers
//    1, 2, … in the order of their first ticket, so the list says which tickets are one person's
//    without publishing who they are.
// 3. Winners, one place after another: the pool is the tickets of shoppers who have not won yet, in
//    ticket order; block = HMAC-SHA-256(key = the seed's bytes, message = `<tickets_hash>:<counter>`),
//    counter 0, 1, 2, … over the whole draw; x = the block's first 6 bytes as an unsigned big-endian
//    number; x at or above the largest multiple of the pool's size below 2^48 is rejected (next
//    counter), so every ticket is equally likely; otherwise the pool's ticket at x mod size wins.
//    It stops at the number of winners or when every shopper has won.
// 4. Then the seed is published: anyone checks the commitment, the hash and the winners.

export interface FairTicket {
  ticket: number;
  receipt_id: number;
  shopper: number;
}

const HEX = /^[0-9a-f]*$/;
/** x is read from 6 bytes: below 2^53, exact in a JavaScript number. */
const SAMPLE_SPACE = 2 ** 48;

export const DRAW_SEED_BYTES = 32;

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !HEX.test(hex)) throw new Error('not lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function bytesToHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const utf8 = (text: string) => new TextEncoder().encode(text);

export async function sha256Hex(data: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToHex(await globalThis.crypto.subtle.digest('SHA-256', data));
}

/** The commitment published at creation: SHA-256 of the seed's bytes. */
export function drawCommitment(seedHex: string): Promise<string> {
  return sha256Hex(hexToBytes(seedHex));
}

/** The canonical text of a frozen ticket list (step 2 above). */
export function serialiseTickets(tickets: readonly FairTicket[]): string {
  return [...tickets]
    .sort((a, b) => a.ticket - b.ticket)
    .map((t) => `${t.ticket};${t.receipt_id};${t.shopper}\n`)
    .join('');
}

/**
 * The tickets of a published list's text (step 2's lines), to re-compute from. A line that is not
 * three positive numbers throws: the list is not one the draw could have frozen.
 */
export function parseTickets(text: string): FairTicket[] {
  if (text === '') return [];
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return lines.map((line) => {
    const numbers = line.split(';').map(Number);
    if (numbers.length !== 3 || numbers.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw new Error(`not a ticket line: ${line}`);
    const [ticket, receipt, shopper] = numbers as [number, number, number];
    return { ticket, receipt_id: receipt, shopper };
  });
}

export function ticketsHash(tickets: readonly FairTicket[]): Promise<string> {
  return sha256Hex(utf8(serialiseTickets(tickets)));
}

/**
 * A frozen list as step 3 reads it, position by position in ticket order (0 is the lowest ticket),
 * without holding it: the server asks its database, the CLI its streamed copy, the page the array.
 */
export interface TicketPool {
  /** How many tickets the list has. */
  size: number;
  /** The ticket at a position of the whole list. */
  ticketAt(position: number): Promise<{ ticket: number; shopper: number }>;
  /** The positions of a shopper's tickets in the whole list. */
  positionsOf(shopper: number): Promise<number[]>;
}

/** A list held in memory as a pool. */
export function poolOf(tickets: readonly FairTicket[]): TicketPool {
  const ordered = [...tickets].sort((a, b) => a.ticket - b.ticket);
  const positions = new Map<number, number[]>();
  ordered.forEach((t, position) => {
    const own = positions.get(t.shopper);
    if (own) own.push(position);
    else positions.set(t.shopper, [position]);
  });
  return {
    size: ordered.length,
    ticketAt: async (position) => ordered[position]!,
    positionsOf: async (shopper) => positions.get(shopper) ?? [],
  };
}

/** The winning tickets' numbers, first place first (step 3 above). */
export async function drawWinners(input: {
  /** The HMAC key: the seed, or a beacon draw's round randomness (draw-beacon.ts). */
  keyHex: string;
  ticketsHash: string;
  tickets: readonly FairTicket[] | TicketPool;
  winners: number;
}): Promise<number[]> {
  const key = await globalThis.crypto.subtle.importKey('raw', hexToBytes(input.keyHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const pool = isPool(input.tickets) ? input.tickets : poolOf(input.tickets);
  // The pool of step 3 is the list less the winners' tickets: their positions, ascending, are all it
  // takes to find the pool's n-th ticket in the list, so each place costs its winner's tickets, not the list.
  let taken: number[] = [];
  const chosen: number[] = [];
  let counter = 0;
  while (chosen.length < input.winners) {
    const size = pool.size - taken.length;
    if (size === 0) break;
    const block = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, utf8(`${input.ticketsHash}:${counter}`)));
    counter += 1;
    const x = block.slice(0, 6).reduce((value, byte) => value * 256 + byte, 0);
    if (x >= SAMPLE_SPACE - (SAMPLE_SPACE % size)) continue;
    let position = x % size;
    for (const skipped of taken) {
      if (skipped > position) break;
      position += 1;
    }
    const winner = await pool.ticketAt(position);
    chosen.push(winner.ticket);
    taken = [...taken, ...(await pool.positionsOf(winner.shopper))].sort((a, b) => a - b);
  }
  return chosen;
}

const isPool = (tickets: readonly FairTicket[] | TicketPool): tickets is TicketPool => !Array.isArray(tickets);

/** A list too long to hold as objects (the CLI's streamed copy): its SHA-256, re-computed as it came, and its pool. */
export interface HashedTickets {
  hash: string;
  pool: TicketPool;
}

/** The re-computed hash and the pool of a published list, given whole or already hashed. */
export async function hashedTickets(tickets: readonly FairTicket[] | HashedTickets): Promise<HashedTickets> {
  if (!Array.isArray(tickets)) return tickets as HashedTickets;
  const list = tickets as readonly FairTicket[];
  return { hash: await ticketsHash(list), pool: poolOf(list) };
}

export interface DrawCheck {
  commitment: boolean;
  tickets_hash: boolean;
  winners: boolean;
}

/** Re-computes a closed draw from what it published: each published value against the re-computed one. */
export async function verifyDraw(published: {
  commitment: string;
  tickets_hash: string;
  seed: string;
  winners_requested: number;
  tickets: readonly FairTicket[] | HashedTickets;
  winners: readonly number[];
}): Promise<DrawCheck> {
  const seedOk = published.seed.length === DRAW_SEED_BYTES * 2 && HEX.test(published.seed);
  const { hash, pool } = await hashedTickets(published.tickets);
  const winners = seedOk
    ? await drawWinners({ keyHex: published.seed, ticketsHash: hash, tickets: pool, winners: published.winners_requested })
    : [];
  return {
    commitment: seedOk && (await drawCommitment(published.seed)) === published.commitment,
    tickets_hash: hash === published.tickets_hash,
    winners: seedOk && winners.length === published.winners.length && winners.every((ticket, i) => ticket === published.winners[i]),
  };
}

/** A shopper as the public page shows them: `12••••89`. */
export function maskShopper(tgId: string): string {
  if (tgId.length >= 6) return `${tgId.slice(0, 2)}••••${tgId.slice(-2)}`;
  if (tgId.length >= 3) return `${tgId.slice(0, 1)}••••${tgId.slice(-1)}`;
  return '••••';
}
