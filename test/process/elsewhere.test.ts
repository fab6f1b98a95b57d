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
  it('serves with its database and chain on their own threads', { timeout: 90_000 }, async () => {
    folder = await tempDir('mp-elsewhere-');
    server = await startServerProcess(
      {
        DATA_DIR: path.join(folder, 'data'),
        UPLOAD_DIR: path.join(folder, 'uploads'),
        LOCAL_CHAIN_PORT: '0',
        PGLITE_THREAD: 'on',
        LOCAL_CHAIN_THREAD: 'on',
      },
      { from: folder },
    );
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(await ready.json()).toMatchObject({ ok: true, checks: { database: 'ok', chain: 'ok' } });
  });
});
