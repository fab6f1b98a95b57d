import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { createPgKnex } from '@src/adapters/db/knex-factory';
import { knexRateLimiters } from '@src/adapters/db/knex-rate-limiter';
import { countOrdersByStatus } from '@src/adapters/db/knex-order-stats';
import { setup } from './fixtures';

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => e,
  );

describe('the rate limit store', () => {
  it('shares one counter between limiters of separate servers on the same database', async () => {
    const { knex } = await setup();
    const opts = { keyPrefix: 'rl:test', points: 3, duration: 60 };
    // Two processes each build their own limiter; the table is what they share.
    const [a, b] = [knexRateLimiters(knex)(opts), knexRateLimiters(knex)(opts)];
    await a.consume('198.51.100.1');
    await b.consume('198.51.100.1');
    const third = await a.consume('198.51.100.1');
    expect(third).toMatchObject({ consumedPoints: 3, remainingPoints: 0 });
    const fourth = await refusal(b.consume('198.51.100.1'));
    expect(fourth).toBeInstanceOf(RateLimiterRes);
    expect((fourth as RateLimiterRes).msBeforeNext).toBeGreaterThan(55_000);
    expect(await a.consume('198.51.100.2')).toMatchObject({ consumedPoints: 1 });
    const rows = await knex('rate_limits').select('key', 'points').orderBy('key');
    expect(rows).toEqual([
      { key: 'rl:test:198.51.100.1', points: 4 },
      { key: 'rl:test:198.51.100.2', points: 1 },
    ]);
  });

  it('keeps counting in memory while the database does not answer', async () => {
    const down = createPgKnex('postgres://postgres@127.0.0.1:1/none', { min: 0, max: 1 });
    try {
      const limiter = knexRateLimiters(down)({ keyPrefix: 'rl:down', points: 1, duration: 60 });
      await limiter.consume('198.51.100.1');
      expect(await refusal(limiter.consume('198.51.100.1'))).toBeInstanceOf(RateLimiterRes);
    } finally {
      await down.destroy();
    }
  });
});

describe('countOrdersByStatus', () => {
  it('counts the orders in each status', async () => {
    const { knex, order } = await setup();
    await order();
    await order();
    await order({ status: 'completed' });
    expect(await countOrdersByStatus(knex)).toEqual({ escrow_held: 2, completed: 1 });
  });
});
