import { describe, expect, it } from 'vitest';
import { pointsToCancel } from './cancel-points.js';

describe('pointsToCancel', () => {
  it('takes what is still held first, nothing of the available points then', () => {
    expect(pointsToCancel({ pointsAwarded: 178, held: 178, balance: 40 })).toEqual({ held: 178, available: 0, notRecovered: 0 });
  });

  it('takes the released points from the available ones', () => {
    expect(pointsToCancel({ pointsAwarded: 178, held: 0, balance: 500 })).toEqual({ held: 0, available: 178, notRecovered: 0 });
  });

  it('never goes below zero: what the shopper spent is not recovered', () => {
    expect(pointsToCancel({ pointsAwarded: 178, held: 0, balance: 50 })).toEqual({ held: 0, available: 50, notRecovered: 128 });
    expect(pointsToCancel({ pointsAwarded: 178, held: 0, balance: 0 })).toEqual({ held: 0, available: 0, notRecovered: 178 });
  });

  it('a receipt that earned nothing takes nothing', () => {
    expect(pointsToCancel({ pointsAwarded: 0, held: 0, balance: 90 })).toEqual({ held: 0, available: 0, notRecovered: 0 });
  });
});
