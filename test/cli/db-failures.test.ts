import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '@test/e2e/lib/free-port';
import { databaseFailure } from '@cli/lib/database';
import { CliError } from '@cli/lib/errors';
import { runCli, tempDir } from './support';

/** A driver error as pg throws it: its message, and its code (SQLSTATE or Node's). */
const driverError = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

const SHOP_DB = 'postgres://shop:secret@db.example:5433/shop';

describe('db commands on a PostgreSQL server that cannot be used', { timeout: 60_000 }, () => {
  it('says what make start says of a database that is missing or does not answer', () => {
    expect(
      databaseFailure(driverError('database "shop" does not exist', { code: '3D000' }), SHOP_DB),
    ).toBe(
      'Could not open the database: the database shop in DATABASE_URL does not exist on db.example:5433; create it (createdb -h db.example -U shop shop)',
    );
    const refused = driverError('connect ECONNREFUSED 10.0.0.9:5433', {
      code: 'ECONNREFUSED',
      address: '10.0.0.9',
      port: 5433,
    });
    expect(databaseFailure(refused, SHOP_DB)).toBe(
      'Could not open the database: the PostgreSQL server in DATABASE_URL (db.example:5433) is not answering (ECONNREFUSED)',
    );
    expect(
      databaseFailure(driverError('role "shop" does not exist', { code: '28000' }), SHOP_DB),
    ).toBe(
      'Could not open the database: PostgreSQL at db.example:5433 refused the login in DATABASE_URL (role "shop" does not exist)',
    );
    // Anything else is no trouble reaching the database: passed on as it is.
    expect(
      databaseFailure(driverError('syntax error', { code: '42601' }), SHOP_DB),
    ).toBeUndefined();
    expect(databaseFailure(new CliError('Refusing to continue'), SHOP_DB)).toBeUndefined();
  });

  it('refuses a DATABASE_URL that is no PostgreSQL URL as a usage error', async () => {
    const result = await runCli(['db', 'status'], { env: { DATABASE_URL: 'mysql://x' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'Error: DATABASE_URL (or --database-url) must be a PostgreSQL URL like postgres://user@host:5432/name, not "mysql://x"\n',
    );
  });

  it("names a server that does not answer, not the driver's ECONNREFUSED", async () => {
    const port = await freePort();
    const result = await runCli(['db', 'migrate', '--json'], {
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/shop` },
    });
    expect(result.code).toBe(1);
    const message = `Could not open the database: the PostgreSQL server in DATABASE_URL (127.0.0.1:${port}) is not answering (ECONNREFUSED)`;
    expect(result.stderr).toBe(`Error: ${message}\n`);
    expect(JSON.parse(result.stdout)).toEqual({ error: message });
  });

  it('says a DATA_DIR with no database in it, and makes none there (status, rollback)', async () => {
    const typo = path.join(await tempDir('mp-cli-typo-'), 'dat');
    for (const args of [
      ['db', 'status'],
      ['db', 'rollback', '--yes'],
    ]) {
      const result = await runCli([...args, '--data-dir', typo], { env: { DATABASE_URL: '' } });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Error: No database in ${typo}/pglite: is DATA_DIR (--data-dir) the folder the server uses? (the server makes it at its first start; db migrate makes an empty one)\n`,
      );
    }
    expect(existsSync(typo)).toBe(false);
  });

  it('says the same when uploads migrate cannot open the database', async () => {
    const port = await freePort();
    const result = await runCli(
      ['uploads', 'migrate', '--from', 'fs', '--to', 'postgres', '--upload-dir', '.'],
      { env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/shop` } },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Error: Could not open the database: the PostgreSQL server in DATABASE_URL (127.0.0.1:${port}) is not answering (ECONNREFUSED)`,
    );
  });
});
