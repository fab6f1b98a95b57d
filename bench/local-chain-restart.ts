/**
 * Restart time of the local chain after SIGKILL, with 100 and 3,000 transactions in its log:
 *
 *   node --import tsx bench/local-chain-restart.ts
 *
 * A child process starts a chain on a fresh folder, lands the airdrops, says "ready" and is
 * killed; this process then times startLocalChain on the same folder (lock takeover, snapshot,
 * log replay, checkpoint) and checks every transaction is back.
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { startLocalChain } from '../src/local-chain/local-chain';
const [, , role, dir, count] = process.argv;
if (role === 'child') {
  const chain = await startLocalChain({ port: 0, dataDir: dir });
  const n = Number(count);
  for (let i = 0; i < n; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, n - i) }, () =>
        chain.airdrop(Keypair.generate().publicKey.toBase58(), 1_000_000_000n),
      ),
    );
  }
  console.log('ready');
  await new Promise(() => undefined);
} else {
  for (const n of [100, 3000]) {
    const dataDir = await mkdtemp(join(tmpdir(), 'restart-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/local-chain-restart.ts', 'child', dataDir, String(n)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d) => String(d).includes('ready') && resolve()),
    );
    child.kill('SIGKILL');
    await new Promise((r) => child.on('close', r));
    const began = performance.now();
    const chain = await startLocalChain({ port: 0, dataDir });
    const took = performance.now() - began;
    const h = await (
      await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getTransactionCount' }),
      })
    ).json();
    console.log(
      `${n} transactions in the log at SIGKILL: restart (lock takeover + snapshot + replay + checkpoint) ${took.toFixed(0)} ms; transactions after restart ${h.result}`,
    );
    await chain.stop();
  }
  process.exit(0);
}
