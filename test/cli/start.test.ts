import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from './pglite-template';
import { tempDir } from './support';

const ROOT = path.resolve(import.meta.dirname, '../..');
const cleanup: string[] = [];
afterAll(() => Promise.all(cleanup.map((d) => rm(d, { recursive: true, force: true }))));

/**
 * `make start`'s entry point as its own process, until it exits (or, with `stopOn`, until its
 * stdout matches: it is stopped then).
 */
function start(env: Record<string, string>, stopOn?: RegExp) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', 'serve'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', SEED: '0', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
      if (stopOn?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const holdPort = () =>
  new Promise<net.Server>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

describe('make start', { timeout: 90_000 }, () => {
  it('names the variable to change when its port is taken, and exits 1', async () => {
    const held = await holdPort();
    const port = (held.address() as net.AddressInfo).port;
    const dataDir = await tempDir('mp-start-');
    cleanup.push(dataDir);
    await migratedDataDir(dataDir);
    const result = await start({
      PORT: String(port),
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      LOCAL_CHAIN_PORT: '0',
    });
    held.close();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Could not start: 127.0.0.1:${port} is already in use; stop what holds it or set PORT to a free port`,
    );
  });

  it('says when PORT is one of the local chain’s ports, and which port the chain’s WebSocket is', async () => {
    const held = await holdPort();
    const busy = (held.address() as net.AddressInfo).port;
    for (const [env, message] of [
      [
        { PORT: String(busy + 10), LOCAL_CHAIN_PORT: String(busy + 10) },
        `Could not start: PORT ${busy + 10} is one of the local chain's ports (LOCAL_CHAIN_PORT ${busy + 10} and ${busy + 11}, its WebSocket); set PORT or LOCAL_CHAIN_PORT so they differ`,
      ],
      [
        { PORT: '0', LOCAL_CHAIN_PORT: String(busy - 1) },
        `Could not start: 127.0.0.1:${busy} (LOCAL_CHAIN_PORT + 1, the local chain's WebSocket) is already in use; stop what holds it or set LOCAL_CHAIN_PORT to a free port`,
      ],
    ] as const) {
      const dataDir = await tempDir('mp-start-');
      cleanup.push(dataDir);
      const result = await start({
        DATA_DIR: dataDir,
        UPLOAD_DIR: path.join(dataDir, 'uploads'),
        ...env,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(message);
    }
    held.close();
  });

  it('prints an IPv6 HOST in brackets, as a URL writes it', async () => {
    const dataDir = await tempDir('mp-start-');
    cleanup.push(dataDir);
    await migratedDataDir(dataDir);
    const result = await start(
      {
        HOST: '::1',
        PORT: '0',
        LOCAL_CHAIN_PORT: '0',
        DATA_DIR: dataDir,
        UPLOAD_DIR: path.join(dataDir, 'uploads'),
      },
      /Marketplace {3}\S+/,
    );
    expect(result.stdout).toMatch(/Marketplace {3}http:\/\/\[::1\]:\d+\n/);
  });

  it.each([
    [
      'a PostgreSQL server that does not answer',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x' },
      'Could not start: the PostgreSQL server in DATABASE_URL (127.0.0.1:1) is not answering (ECONNREFUSED)',
    ],
    [
      'a PostgreSQL database that does not exist',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mp_no_such_db' },
      'Could not start: the database mp_no_such_db in DATABASE_URL does not exist on 127.0.0.1:5432; create it (createdb -h 127.0.0.1 -U postgres mp_no_such_db)',
    ],
    [
      'a HOST this machine does not have',
      { HOST: 'no-such-host.invalid' },
      'Could not start: HOST=no-such-host.invalid is not an address of this machine (ENOTFOUND)',
    ],
    [
      'an upload folder that cannot be made',
      { UPLOAD_DIR: '/dev/null/uploads' },
      "Could not start: UPLOAD_DIR (/dev/null/uploads) cannot be used: ENOTDIR: not a directory, mkdir '/dev/null/uploads'",
    ],
  ])('names the setting to change for %s, and exits 1', async (_, env, message) => {
    const dataDir = await tempDir('mp-start-');
    cleanup.push(dataDir);
    const result = await start({
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      PORT: '0',
      LOCAL_CHAIN_PORT: '0',
      ...env,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('names a configuration mistake in one sentence', async () => {
    const result = await start({ PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/PORT/);
  });
});
