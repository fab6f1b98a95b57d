import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@test/cli/support';
import { startServerProcess, type ServerProcess } from '../support/server-process';

let server: ServerProcess | undefined;
let folder: string;
afterAll(async () => {
  await server?.kill('SIGTERM');
  await rm(folder, { recursive: true, force: true });
});

describe('the marketplace command run from another folder (npm link, a global install)', () => {
  it(
    'serves with its database and chain on their own threads (and no demo wallets when told)',
    { timeout: 90_000 },
    async () => {
      folder = await tempDir('mp-elsewhere-');
      server = await startServerProcess(
        {
          DATA_DIR: path.join(folder, 'data'),
          UPLOAD_DIR: path.join(folder, 'uploads'),
          LOCAL_CHAIN_PORT: '0',
          PGLITE_THREAD: 'on',
          LOCAL_CHAIN_THREAD: 'on',
          // A local demo shared through a TCP tunnel: no wallet keys served, the admin's above all.
          DEMO_WALLETS: 'off',
        },
        { from: folder },
      );
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(await ready.json()).toMatchObject({
        ok: true,
        checks: { database: 'ok', chain: 'ok' },
      });
      const wallets = await fetch(`${server.url}/api/dev/wallets`);
      expect(wallets.status).toBe(404);
      expect(await wallets.json()).toEqual({
        error: 'Dev wallets are offered only on the local chain, with DEMO_WALLETS on',
      });
    },
  );
});
