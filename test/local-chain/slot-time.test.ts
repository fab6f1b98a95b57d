import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChainClock } from '@src/local-chain/chain-clock';
import { PROFILES } from '@src/local-chain/profile';

describe('a slot has one time', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the time a slot was first read across a second boundary, and moves on at the next slot or a warp', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00.900Z'));
    const clock = new ChainClock('genesis', 10, 0, PROFILES.instant!);
    const first = clock.slotTime();
    vi.setSystemTime(new Date('2026-11-24T12:00:01.100Z'));
    expect(clock.now()).toBe(first + 1);
    expect(clock.slotTime()).toBe(first);
    clock.tick();
    expect(clock.slotTime()).toBe(first + 1);
    clock.warp(60);
    expect(clock.slotTime()).toBe(first + 61);
  });
});
