import { spawn } from 'node:child_process';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
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

describe('chain', { timeout: 120_000 }, () => {
  it('starts a local chain alone, airdrops to a wallet, and stops on Ctrl-C', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', 'chain', 'start', '--port', '0', '--memory'],
      { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const rpcUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const match = /Local chain running: (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.on('close', () => reject(new Error(`chain start ended: ${out}`)));
      });
      const address = Keypair.generate().publicKey.toBase58();
      const drop = await runCli(['chain', 'airdrop', address, '2.5', '--rpc', rpcUrl, '--json']);
      expect(drop.code).toBe(0);
      expect(JSON.parse(drop.stdout)).toMatchObject({ address, lamports: '2500000000' });
      const balance = await new Connection(rpcUrl).getBalance(new PublicKey(address), 'confirmed');
      expect(balance).toBe(2_500_000_000);

      const bad = await runCli(['chain', 'airdrop', address, '1.2.3', '--rpc', rpcUrl]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('"1.2.3" is not an amount of SOL');
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });
});
