import { spawn } from 'node:child_process';
import { appendFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import bs58 from 'bs58';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderInUseError, lockFolder } from '@src/local-chain/folder-lock';
import { loadState } from '@src/local-chain/journal';
import { readSegments, segmentFile, WriteAheadLog } from '@src/local-chain/wal';
import { startTestChain, tempDataDir } from '@test/support/chain';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const folder = async () => {
  const dir = await tempDataDir();
  dirs.push(dir);
  return dir;
};

/** A process that has already ended: its pid names nobody. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('close', resolve));
  return child.pid!;
}

describe('chain folder lock', () => {
  it("takes over a dead process's lock at once", async () => {
    const dir = await folder();
    const pid = await deadPid();
    await writeFile(
      join(dir, 'owner.lock'),
      JSON.stringify({ pid, host: hostname(), started: null }),
    );
    const began = Date.now();
    const release = await lockFolder(dir);
    expect(Date.now() - began).toBeLessThan(5_000); // a stale lock used to hold for 10 s
    await release();
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a live process's lock by its pid, but not a reused pid's", async () => {
    const dir = await folder();
    const live = spawn('sleep', ['30']);
    try {
      await writeFile(
        join(dir, 'owner.lock'),
        JSON.stringify({ pid: live.pid, host: hostname(), started: null }),
      );
      const refused = await lockFolder(dir).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(FolderInUseError);
      expect((refused as Error).message).toBe(
        `The chain data folder ${dir} is in use by another process (pid ${live.pid})`,
      );
      // Same pid, another start time: the holder died and the pid was handed out again.
      await writeFile(
        join(dir, 'owner.lock'),
        JSON.stringify({ pid: live.pid, host: hostname(), started: '1' }),
      );
      await (
        await lockFolder(dir)
      )();
    } finally {
      live.kill();
    }
  });
});

describe('chain write-ahead log', () => {
  it('replays every whole entry and ignores a torn last one', async () => {
    const dir = await folder();
    const wal = await WriteAheadLog.open(dir, 1);
    for (let n = 0; n < 3; n += 1) wal.append({ n });
    expect(wal.barrier()).not.toBeNull();
    await wal.barrier();
    expect(wal.barrier()).toBeNull(); // nothing left to wait for
    await wal.close();
    await appendFile(segmentFile(dir, 1), Buffer.from([40, 0, 0, 0, 1, 2, 3, 4, 123]));
    expect(await readSegments(dir, 1)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
  });

  it('folds the log into a snapshot on stop, keeping history and balances', async () => {
    const dataDir = await folder();
    const t = await startTestChain({ dataDir });
    const payee = Keypair.generate();
    const signatures = [await t.fund(payee, 1), await t.fund(payee, 2)];
    await t.stop();
    const chainDir = join(dataDir, 'chain');
    const logs = (await readdir(chainDir)).filter((name) => name.startsWith('wal-'));
    expect(logs).toHaveLength(1);
    expect(await readSegments(chainDir, 0)).toEqual([]);
    const state = await loadState(chainDir);
    expect(signatures.map((s) => state!.store.get(s)?.err)).toEqual([null, null]);
    expect(state!.svm.getBalance(payee.publicKey.toBase58() as never)).toBe(
      3n * BigInt(LAMPORTS_PER_SOL),
    );
  });

  it('opens a chain saved before the log existed (format 1)', async () => {
    const dataDir = await folder();
    const genesisHash = bs58.encode(Buffer.alloc(32, 7));
    const header = Buffer.from(
      JSON.stringify({
        format: 1,
        genesisHash,
        slot: 40,
        faucet: bs58.encode(Keypair.generate().secretKey),
        transactions: [],
      }),
    );
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length);
    await mkdir(join(dataDir, 'chain'), { recursive: true });
    const bytes = Buffer.concat([length, header, new LiteSVM().toBytes()]);
    await writeFile(join(dataDir, 'chain', 'state.bin'), bytes);
    const t = await startTestChain({ dataDir });
    try {
      expect(await t.connection.getGenesisHash()).toBe(genesisHash);
      expect(await t.connection.getSlot('processed')).toBeGreaterThanOrEqual(40);
    } finally {
      await t.stop();
    }
  });
});
