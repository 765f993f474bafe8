import { describe, expect, it } from 'vitest';
import { beaconIsValid, firstRoundAfter, roundTimeOf } from '../../../contract/draw-beacon.js';
import { demoPrivateKey, publicKeyOf, signRound } from './emulator.js';
import { DEMO_DRAND_CHAIN } from './networks.js';

describe('the drand emulator', () => {
  it('signs with the key the demo chain publishes, and drand-client’s check accepts only the round asked for', async () => {
    expect(publicKeyOf(demoPrivateKey())).toBe(DEMO_DRAND_CHAIN.public_key);
    const round = signRound(demoPrivateKey(), 42);
    expect(await beaconIsValid(DEMO_DRAND_CHAIN, 42, round)).toBe(true);
    expect(await beaconIsValid(DEMO_DRAND_CHAIN, 43, round)).toBe(false);
    expect(await beaconIsValid(DEMO_DRAND_CHAIN, 42, { ...round, randomness: '00'.repeat(32) })).toBe(false);
  });

  it('the round fixed for a time is the first emitted after it', () => {
    const at = roundTimeOf(DEMO_DRAND_CHAIN, 1000);
    expect(firstRoundAfter(DEMO_DRAND_CHAIN, at)).toBe(1001);
    expect(firstRoundAfter(DEMO_DRAND_CHAIN, new Date(at.getTime() - 1))).toBe(1000);
  });
});
