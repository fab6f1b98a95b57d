import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from './pglite-template';
import { runCli, startMarket, tempDir } from './support';

const MIGRATIONS = [
  '20250101000001_core.ts',
  '20250101000002_auth.ts',
  '20250101000003_ledger.ts',
  '20250101000004_rate_limits.ts',
  '20250101000005_protection.ts',
  '20250101000007_reputation_events.ts',
  '20250101000008_chain_history.ts',
  '20250101000009_shared_uploads.ts',
  '20250101000010_escrow_accounts.ts',
  '20250101000011_catalogue_search.ts',
  '20250101000012_wire_image_field.ts',
  '20250101000013_payment_refund_reservations.ts',
  '20250101000014_payment_refunded_at.ts',
  '20250101000015_order_listing_as_sold.ts',
  '20250101000016_wire_image_field_spaces.ts',
  '20250101000017_message_file_names.ts',
  '20250101000018_chain_outgoing.ts',
];
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('db', { timeout: 180_000 }, () => {
  it('rolls back, reports and migrates an embedded database', async () => {
    const dataDir = await tempDir('mp-cli-db-');
    dirs.push(dataDir);
    await migratedDataDir(dataDir);
    const db = (...args: string[]) => runCli(['db', ...args, '--data-dir', dataDir]);

    const undone = await db('rollback', '--all', '--yes', '--json');
    expect(undone.code).toBe(0);
    expect(JSON.parse(undone.stdout).rolledBack).toEqual([...MIGRATIONS].reverse());

    const pending = await db('status');
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain('Applied (0): none');
    expect(pending.stdout).toContain(
      `Pending (${MIGRATIONS.length}):\n  ${MIGRATIONS.join('\n  ')}`,
    );

    const migrated = await db('migrate', '--json');
    expect(migrated.code).toBe(0);
    expect(JSON.parse(migrated.stdout).applied).toEqual(MIGRATIONS);

    const status = JSON.parse((await db('status', '--json')).stdout);
    expect(status).toMatchObject({ applied: MIGRATIONS, pending: [] });
  });

  it('says what a rollback undoes and, with no terminal and no --yes, changes nothing', async () => {
    const dataDir = await tempDir('mp-cli-db-');
    dirs.push(dataDir);
    await migratedDataDir(dataDir);
    const db = (...args: string[]) => runCli(['db', ...args, '--data-dir', dataDir]);

    const refused = await db('rollback');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `undoes ${MIGRATIONS.length} migration(s) (the last batch):\n  ${[...MIGRATIONS].reverse().join('\n  ')}`,
    );
    expect(refused.stderr).toContain(
      'Every table these migrations created is dropped, with all its rows.',
    );
    expect(refused.stderr).toContain(
      'Error: Refusing to continue without confirmation: no terminal to ask; pass --yes (nothing was rolled back)',
    );

    const status = JSON.parse((await db('status', '--json')).stdout);
    expect(status).toMatchObject({ applied: MIGRATIONS, pending: [] });
  });

  it('refuses a PGlite directory a running server holds', async () => {
    const market = await startMarket();
    try {
      const result = await runCli(['db', 'migrate', '--data-dir', market.dataDir]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^Error: The database in .*pglite is in use by another process; stop the server that uses it first\n$/,
      );
    } finally {
      await market.close();
    }
  });
});
