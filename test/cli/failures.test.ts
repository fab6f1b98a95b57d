import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@test/e2e/lib/free-port';
import { saveKeypair } from '@src/adapters/solana/keypair-file';
import { runCli, tempDir } from './support';

/** A server that takes every request and never answers, as a paused or wedged one does. */
let silent: Server;
let silentUrl: string;
let dir: string;
let keypairFile: string;

beforeAll(async () => {
  silent = createServer(() => undefined);
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  dir = await tempDir('mp-cli-failures-');
  keypairFile = path.join(dir, 'admin.json');
  await saveKeypair(keypairFile, Keypair.generate());
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const adminOrders = (api: string, extra: string[] = [], env: Record<string, string> = {}) =>
  runCli(['admin', 'orders', '--api', api, '--keypair', keypairFile, ...extra], {
    env,
    timeoutMs: 30_000,
  });

describe('CLI failures', { timeout: 60_000 }, () => {
  it('gives up on a server that does not answer within the time limit, naming it', async () => {
    const result = await adminOrders(silentUrl, [], { MARKETPLACE_TIMEOUT: '1' });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Error: The server at ${silentUrl} did not answer within 1 s\n`);
  });

  it('prints a failure as JSON on stdout under --json, with the same exit code', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const result = await adminOrders(url, ['--json']);
    expect(result.code).toBe(1);
    const message = `Could not reach the server at ${url} (ECONNREFUSED); is it running?`;
    expect(JSON.parse(result.stdout)).toEqual({ error: message });
    expect(result.stderr).toBe(`Error: ${message}\n`);
  });
});
