import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { fastTimestamptz, TIMESTAMPTZ } from '@src/adapters/db/timestamptz';
import { setup } from './fixtures';

const driver = pg.types.getTypeParser(TIMESTAMPTZ) as (text: string) => unknown;
const fast = fastTimestamptz(driver);

/** What a parser made, comparable: a Date's time (NaN included), or the value itself. */
const seen = (value: unknown) => (value instanceof Date ? ['date', value.getTime()] : value);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** timestamptz text in a UTC session, with 0 to 6 fraction digits, trailing zeros dropped as PostgreSQL does. */
function utcText(ms: number, micros: number) {
  const d = new Date(ms);
  const fraction = pad(d.getUTCMilliseconds() * 1000 + micros, 6).replace(/0+$/, '');
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}` +
    `${fraction ? `.${fraction}` : ''}+00`
  );
}

describe('fastTimestamptz', () => {
  it('makes the Date the driver makes of 20,000 UTC times, every fraction length', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i += 1) {
      const ms = Math.floor(-30_000_000_000_000 + random() * 250_000_000_000_000);
      const micros = i % 3 === 0 ? 0 : Math.floor(random() * 1000);
      const text = utcText(ms, micros);
      expect(seen(fast(text)), text).toEqual(seen(driver(text)));
    }
  });

  it.each([
    '2026-11-24 06:17:01+00',
    '2026-11-24 06:17:01.5+00',
    '2026-11-24 06:17:01.48998+00',
    '2026-11-24 06:17:01.999999+00',
    '2026-11-24 06:17:01.000001+00',
    '2026-11-24 06:17:01.057+00',
    '2026-11-24 06:17:01.29+00',
    '2026-11-24 06:17:01.123456+05:30',
    '2026-11-24 06:17:01.123456-03',
    '2026-11-24 06:17:01-03:30:15',
    '2026-11-24 06:17:01.1234567+00',
    '2026-11-24 06:17:01.+00',
    '2026-13-45 25:61:61+00',
    '0099-01-01 00:00:00+00',
    '0999-12-31 23:59:59.9+00',
    '1000-01-01 00:00:00+00',
    '9999-12-31 23:59:59.999999+00',
    '10000-01-01 00:00:00+00',
    '0044-03-15 12:00:00+00 BC',
    '2026-11-24 06:17:01+00 BC',
    'infinity',
    '-infinity',
    '2026-11-24',
    '2026-1a-24 06:17:01+00',
    '2026-11-24T06:17:01+00',
    '2026-11-24 06:17:01.12a+00',
    '',
  ])('reads %j as the driver does', (text) => {
    expect(seen(fast(text))).toEqual(seen(driver(text)));
  });

  it('is what PostgreSQL times read as through knex', async () => {
    const { knex } = await setup();
    const { rows } = await knex.raw<{ rows: { at: Date }[] }>(
      `SELECT '2026-11-24 06:17:01.48998+00'::timestamptz AS at`,
    );
    expect(rows[0]?.at.toISOString()).toBe('2026-11-24T06:17:01.489Z');
  });
});
