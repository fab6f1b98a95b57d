import { once } from 'node:events';
import { createServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnChainStart } from '@test/support/chain';
import { freePort } from '@test/e2e/lib/free-port';
import { runCli, tempDir } from './support';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('keygen', { timeout: 60_000 }, () => {
  it('writes a Solana CLI keypair readable by its owner only, and never overwrites it', async () => {
    const dir = await tempDir('mp-cli-keygen-');
    dirs.push(dir);
    const file = path.join(dir, 'keys', 'admin.json');
    const made = await runCli(['keygen', file]);
    expect(made.code).toBe(0);
    const bytes = JSON.parse(await readFile(file, 'utf8')) as number[];
    expect(bytes).toHaveLength(64);
    const address = Keypair.fromSecretKey(Uint8Array.from(bytes)).publicKey.toBase58();
    expect(made.stdout.trim()).toBe(address);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const again = await runCli(['keygen', file, '--json']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists; keygen never overwrites a keypair');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(bytes);
  });
});

/** A node without the local chain's methods, as a real cluster answers them. */
async function realClusterStandIn() {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        jsonrpc: '2.0',
        error: { code: -32601, message: 'Method not found' },
        id: 1,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('chain', { timeout: 120_000 }, () => {
  it('starts on the mainnet profile and says what it does, and refuses a profile it lacks', async () => {
    const chain = await spawnChainStart(
      ['--memory', '--profile', 'mainnet'],
      /Profile mainnet: .*\n/,
    );
    try {
      const described = chain.found;
      expect(described).toContain('400 ms slots, confirmed after 1-2 slots, finalized after 32');
      expect(described).toContain('10 % of sends dropped');
      expect(described).toContain('HTTP 429 over 100 requests (40 per method) per 10 s');
    } finally {
      chain.child.kill('SIGINT');
    }
    expect(await chain.exited).toBe(0);
    const wrong = await runCli(['chain', 'start', '--memory', '--profile', 'devnet']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      'Unknown local chain profile "devnet" (choose instant or mainnet)',
    );
  });

  it('says plainly that a real cluster has no time travel, or that no chain answers', async () => {
    const real = await realClusterStandIn();
    try {
      const refused = await runCli(['chain', 'warp', '7d', '--rpc', real.url]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `Error: ${real.url} is not a local chain: a real cluster's clock cannot be moved\n`,
      );
    } finally {
      real.server.close();
    }
    const nobody = await runCli(['chain', 'warp', '90m', '--rpc', real.url]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain(`Could not reach a chain at ${real.url}: is it running?`);
  });

  it('names a port already in use, and says when it is the WebSocket one (--port + 1)', async () => {
    const holder = createTcpServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const taken = (holder.address() as AddressInfo).port;
    try {
      const rpc = await runCli(['chain', 'start', '--memory', '--port', String(taken)]);
      expect(rpc.code).toBe(1);
      expect(rpc.stderr).toBe(
        `Error: Could not start: the JSON-RPC port 127.0.0.1:${taken} is already in use; ` +
          'stop what holds it or choose another --port (LOCAL_CHAIN_PORT)\n',
      );
      const ws = await runCli(['chain', 'start', '--memory', '--port', String(taken - 1)]);
      expect(ws.code).toBe(1);
      expect(ws.stderr).toBe(
        `Error: Could not start: the WebSocket port (--port ${taken - 1} + 1) 127.0.0.1:${taken} ` +
          'is already in use; stop what holds it or choose another --port (LOCAL_CHAIN_PORT)\n',
      );
    } finally {
      holder.close();
    }
  });

  it('gives up an airdrop a chain does not answer within the time limit, or cannot be reached', async () => {
    const address = Keypair.generate().publicKey.toBase58();
    // Takes the connection and never says a word, as a wedged node does.
    const silent = createTcpServer(() => undefined).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const waited = await runCli(['chain', 'airdrop', address, '1', '--rpc', silentUrl], {
        env: { MARKETPLACE_TIMEOUT: '1' },
        timeoutMs: 20_000,
      });
      expect(waited.signal).toBeNull();
      expect(waited.code).toBe(1);
      expect(waited.stderr).toBe(`Error: The chain at ${silentUrl} did not answer within 1 s\n`);
    } finally {
      silent.close();
    }
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const refused = await runCli(['chain', 'airdrop', address, '1', '--rpc', nobody]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Error: Could not reach a chain at ${nobody} (ECONNREFUSED); is it running?\n`,
    );
  });

  it('starts a local chain alone, airdrops to a wallet, and stops on Ctrl-C', async () => {
    const chain = await spawnChainStart(['--memory']);
    const rpcUrl = chain.found;
    try {
      const address = Keypair.generate().publicKey.toBase58();
      const drop = await runCli(['chain', 'airdrop', address, '2.5', '--rpc', rpcUrl, '--json']);
      expect(drop.code).toBe(0);
      expect(JSON.parse(drop.stdout)).toMatchObject({ address, lamports: '2500000000' });
      const balance = await new Connection(rpcUrl).getBalance(new PublicKey(address), 'confirmed');
      expect(balance).toBe(2_500_000_000);

      const bad = await runCli(['chain', 'airdrop', address, '1.2.3', '--rpc', rpcUrl]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('"1.2.3" is not an amount of SOL');

      const week = await runCli(['chain', 'warp', '7d', '--rpc', rpcUrl, '--json']);
      expect(week.code).toBe(0);
      expect(JSON.parse(week.stdout)).toMatchObject({
        warpedSeconds: 604800,
        offsetSeconds: 604800,
      });
      const more = await runCli(['chain', 'warp', '1d12h', '--rpc', rpcUrl]);
      expect(more.stdout).toContain("Moved the chain's clock forward 1d12h (129600 s)");
      expect(more.stdout).toMatch(/Chain time: \S+ \(734400 s ahead of this computer\), slot \d+/);
      const words = await runCli(['chain', 'warp', '7 days', '--rpc', rpcUrl]);
      expect(words.code).toBe(2);
      expect(words.stderr).toContain('"7 days" is not a duration (like 7d, 36h, 90m or 1d12h)');

      // The chain's address given as the marketplace's: said so, not blamed on versions.
      const dir = await tempDir('mp-cli-wrong-');
      dirs.push(dir);
      const file = path.join(dir, 'admin.json');
      await writeFile(file, JSON.stringify([...Keypair.generate().secretKey]));
      const wrong = await runCli(['admin', 'orders', '--api', rpcUrl, '--keypair', file]);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(
        `${rpcUrl} is a Solana node (it answers JSON-RPC), not the marketplace: --api takes the marketplace server's address`,
      );
    } finally {
      chain.child.kill('SIGINT');
    }
    expect(await chain.exited).toBe(0);
  });
});
