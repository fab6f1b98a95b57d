import { describe, expect, it } from 'vitest';
import { DatabaseError, translateDbError } from '@src/adapters/db/db-errors';
import { DomainError } from '@src/domain/errors';
import { setup } from './fixtures';

describe('translateDbError', () => {
  it('turns an unexpected driver error into a DatabaseError without SQL in its message', async () => {
    const { knex } = await setup();
    const raw = await knex
      .raw('select * from no_such_table where secret = ?', ['x'])
      .catch((e) => e);
    const error = translateDbError(raw);
    expect(error).toBeInstanceOf(DatabaseError);
    expect(error.message).toBe('Database error (SQLSTATE 42P01)');
    expect((error as DatabaseError).cause).toBe(raw);
  });

  it('keeps DomainErrors as they are', () => {
    const original = new DomainError('conflict', 'x');
    expect(translateDbError(original)).toBe(original);
  });
});
