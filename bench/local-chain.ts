/**
 * Sends + confirms per second on the local chain, several builds side by side in one run:
 *
 *   node --import tsx bench/local-chain.ts [--base <folder holding an older src/>] [--seconds 5]
 *
 * Each build runs `--rounds` times, interleaved (A B A B ...), on a data folder (durable) and in
 * memory; the median of each is printed after the single runs (the machine is shared and noisy).
 * Transfers are signed before the clock starts, so the figure is the chain's, not ed25519's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Connection, Keypair, SystemProgram, Transaction } from '@solana/web3.js';

interface Chain {
  rpcUrl: string;
  airdrop(address: string, lamports: bigint): Promise<string>;
  stop(): Promise<void>;
}
type Start = (opts: { port: number; dataDir?: string }) => Promise<Chain>;

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);

async function load(folder: string): Promise<Start> {
  const module = await import(resolve(folder, 'src/local-chain/local-chain.ts'));
  return module.startLocalChain as Start;
}

async function measure(start: Start, durable: boolean): Promise<number> {
  const dataDir = durable ? await mkdtemp(join(tmpdir(), 'chain-bench-')) : undefined;
  const chain = await start({ port: 0, dataDir });
  const connection = new Connection(chain.rpcUrl, 'confirmed');
  try {
    const payers = Array.from({ length: clients }, () => Keypair.generate());
    await Promise.all(payers.map((p) => chain.airdrop(p.publicKey.toBase58(), 10n ** 12n)));
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const perClient = Math.ceil((seconds * 600) / clients);
    const signed = payers.map((payer) =>
      Array.from({ length: perClient }, (_, i) => {
        const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight });
        tx.add(
          SystemProgram.transfer({
            fromPubkey: payer.publicKey,
            toPubkey: payers[0]!.publicKey,
            lamports: 1000 + i,
          }),
        );
        tx.sign(payer);
        return tx.serialize();
      }),
    );
    let done = 0;
    const until = Date.now() + seconds * 1000;
    const started = Date.now();
    await Promise.all(
      signed.map(async (queue) => {
        for (const wire of queue) {
          if (Date.now() >= until) return;
          const signature = await connection.sendRawTransaction(wire);
          await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
          done += 1;
        }
      }),
    );
    return done / ((Date.now() - started) / 1000);
  } finally {
    const socket = (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket;
    socket?.close();
    await chain.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

const builds: [string, Start][] = [['this build', await load(process.cwd())]];
if (values.base) builds.unshift([`base (${values.base})`, await load(values.base)]);
const results = new Map<string, number[]>();
for (let round = 0; round < Number(values.rounds); round += 1) {
  for (const [name, start] of builds) {
    for (const durable of [true, false]) {
      const key = `${name}, ${durable ? 'data folder' : 'memory'}`;
      const rate = await measure(start, durable);
      results.set(key, [...(results.get(key) ?? []), rate]);
    }
  }
}
console.log(`${clients} clients, ${seconds} s each, sends + confirms (confirmed) per second:`);
for (const [key, rates] of results) {
  const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
  const runs = rates.map((r) => r.toFixed(0).padStart(5)).join(' ');
  console.log(`  ${key.padEnd(40)} median ${median.toFixed(0).padStart(5)}   runs ${runs}`);
}
process.exit(0);
