import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  drawCommitment,
  drawWinners,
  maskShopper,
  parseTickets,
  poolOf,
  serialiseTickets,
  ticketsHash,
  verifyDraw,
  type FairTicket,
  type TicketPool,
} from './draw-fairness.js';

/** The seed 00 01 02 … 1f. */
const SEED = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
/** Ten tickets of four shoppers: shopper 1 holds tickets 1, 5, 9. */
const TICKETS: FairTicket[] = Array.from({ length: 10 }, (_, i) => ({ ticket: i + 1, receipt_id: 101 + i, shopper: (i % 4) + 1 }));

describe('the draw derivation', () => {
  it('matches the known vector: commitment, tickets hash and winners', async () => {
    // SHA-256 of the bytes 00..1f is a published test vector.
    expect(await drawCommitment(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(serialiseTickets(TICKETS.slice(0, 2))).toBe('1;101;1\n2;102;2\n');
    const hash = await ticketsHash(TICKETS);
    expect(hash).toBe('7091b85ebbe5b1707031558ec2b5dec9651229d369d7ee99abab2eb3c8a9947e');
    expect(await drawWinners({ keyHex: SEED, ticketsHash: hash, tickets: TICKETS, winners: 3 })).toEqual([5, 2, 4]);
  });

  it('is the documented recipe: the first place re-computed with plain HMAC-SHA-256', async () => {
    const hash = createHash('sha256').update(serialiseTickets(TICKETS)).digest('hex');
    expect(await ticketsHash(TICKETS)).toBe(hash);
    const block = createHmac('sha256', Buffer.from(SEED, 'hex')).update(`${hash}:0`).digest();
    const x = block.readUIntBE(0, 6);
    // 2^48 is not a multiple of 10: a block this high would have been rejected.
    expect(x).toBeLessThan(2 ** 48 - (2 ** 48 % 10));
    const [first] = await drawWinners({ keyHex: SEED, ticketsHash: hash, tickets: TICKETS, winners: 1 });
    expect(first).toBe(TICKETS[x % 10]!.ticket);
  });

  it('the order the tickets are given in does not matter', async () => {
    const shuffled = [...TICKETS].reverse();
    expect(await ticketsHash(shuffled)).toBe(await ticketsHash(TICKETS));
    const hash = await ticketsHash(TICKETS);
    expect(await drawWinners({ keyHex: SEED, ticketsHash: hash, tickets: shuffled, winners: 3 })).toEqual([5, 2, 4]);
  });

  it('winners are distinct shoppers, even when one shopper holds most tickets', async () => {
    const tickets: FairTicket[] = Array.from({ length: 60 }, (_, i) => ({
      ticket: i + 1,
      receipt_id: i + 1,
      shopper: i < 55 ? 1 : i - 53,
    }));
    for (let round = 0; round < 20; round++) {
      const seed = createHash('sha256').update(`seed ${round}`).digest('hex');
      const hash = await ticketsHash(tickets);
      const winners = await drawWinners({ keyHex: seed, ticketsHash: hash, tickets, winners: 4 });
      expect(winners).toHaveLength(4);
      const shoppers = winners.map((ticket) => tickets[ticket - 1]!.shopper);
      expect(new Set(shoppers).size).toBe(4);
    }
  });

  it('fewer shoppers than winners: every shopper wins once, and no tickets: nobody', async () => {
    const hash = await ticketsHash(TICKETS);
    const winners = await drawWinners({ keyHex: SEED, ticketsHash: hash, tickets: TICKETS, winners: 10 });
    expect(winners).toHaveLength(4);
    expect(new Set(winners.map((ticket) => TICKETS[ticket - 1]!.shopper))).toEqual(new Set([1, 2, 3, 4]));
    expect(await drawWinners({ keyHex: SEED, ticketsHash: await ticketsHash([]), tickets: [], winners: 3 })).toEqual([]);
    expect(await ticketsHash([])).toBe(createHash('sha256').update('').digest('hex'));
  });

  it('a different seed or ticket list gives other winners', async () => {
    const hash = await ticketsHash(TICKETS);
    const other = createHash('sha256').update('another seed').digest('hex');
    const results = new Set<string>();
    for (const seed of [SEED, other])
      results.add(String(await drawWinners({ keyHex: seed, ticketsHash: hash, tickets: TICKETS, winners: 3 })));
    const fewer = TICKETS.slice(0, 9);
    results.add(String(await drawWinners({ keyHex: SEED, ticketsHash: await ticketsHash(fewer), tickets: fewer, winners: 3 })));
    expect(results.size).toBe(3);
  });

  it('verification finds a changed commitment, ticket list or winner', async () => {
    const hash = await ticketsHash(TICKETS);
    const published = {
      commitment: await drawCommitment(SEED),
      tickets_hash: hash,
      seed: SEED,
      winners_requested: 3,
      tickets: TICKETS,
      winners: [5, 2, 4],
    };
    expect(await verifyDraw(published)).toEqual({ commitment: true, tickets_hash: true, winners: true });
    expect(await verifyDraw({ ...published, winners: [5, 4, 2] })).toMatchObject({ winners: false });
    expect(await verifyDraw({ ...published, tickets: TICKETS.slice(1) })).toMatchObject({ tickets_hash: false });
    expect(await verifyDraw({ ...published, seed: 'ff'.repeat(32) })).toMatchObject({ commitment: false });
    expect(await verifyDraw({ ...published, seed: 'not hex' })).toEqual({ commitment: false, tickets_hash: true, winners: false });
  });

  it('a list read a ticket at a time (as the server and the CLI read it) draws the same winners, reading only the winners’ tickets', async () => {
    // One shopper holds most tickets: each place then skips many of them, in a few reads.
    const tickets: FairTicket[] = Array.from({ length: 60 }, (_, i) => ({
      ticket: i + 1,
      receipt_id: i + 1,
      shopper: i < 55 ? 1 : i - 53,
    }));
    const hash = await ticketsHash(tickets);
    const list = poolOf(tickets);
    const read: number[] = [];
    const counted: TicketPool = { ...list, ticketAt: (position) => (read.push(position), list.ticketAt(position)) };
    for (const keyHex of [SEED, createHash('sha256').update('other').digest('hex')]) {
      read.length = 0;
      const fromList = await drawWinners({ keyHex, ticketsHash: hash, tickets, winners: 4 });
      expect(await drawWinners({ keyHex, ticketsHash: hash, tickets: counted, winners: 4 })).toEqual(fromList);
      expect(read).toHaveLength(4);
    }
    expect(parseTickets(serialiseTickets(tickets))).toEqual(tickets);
    expect(parseTickets('')).toEqual([]);
    expect(() => parseTickets('1;2\n')).toThrow();
  });

  it('masks shoppers, keeping two digits at each end of a long id', () => {
    expect(maskShopper('1234567889')).toBe('12••••89');
    expect(maskShopper('7001')).toBe('7••••1');
    expect(maskShopper('42')).toBe('••••');
  });
});
