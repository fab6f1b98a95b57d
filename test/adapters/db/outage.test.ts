import { describe, expect, it } from 'vitest';
import { translateDbError } from '@src/adapters/db/db-errors';
import { UnavailableError } from '@src/app/errors';

/** What node-postgres throws: its message, its SQLSTATE. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a database that cannot serve anyone', () => {
  it('is an outage (503) when it refuses connections, not this request’s fault', () => {
    for (const error of [
      pgError('55000', 'database "shop" is not currently accepting connections'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('08006', 'connection failure'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ]) {
      expect(translateDbError(error)).toBeInstanceOf(UnavailableError);
    }
  });

  it('is no outage when the request itself is wrong (another 55000)', () => {
    const error = pgError('55000', 'cannot execute this in a read-only transaction');
    expect(translateDbError(error)).not.toBeInstanceOf(UnavailableError);
  });
});
