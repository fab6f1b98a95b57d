import { describe, expect, it } from 'vitest';
import { setup } from './fixtures';

describe('int8 on both drivers', () => {
  it('reads count(*) and int8 values as exact bigints', async () => {
    const { knex, user } = await setup();
    await user();
    const [{ n }] = (await knex('users').count({ n: '*' })) as [{ n: unknown }];
    expect(n).toBe(1n);
    const { rows } = await knex.raw<{ rows: { big: unknown }[] }>(
      'SELECT 9007199254740993::int8 AS big',
    );
    expect(rows[0]?.big).toBe(9_007_199_254_740_993n);
  });
});
