import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import bs58 from 'bs58';
import { writeFileDurably } from './durable-file';
import { TxStore } from './tx-store';

export interface ChainState {
  svm: LiteSVM;
  genesisHash: string;
  slot: number;
  store: TxStore;
  faucet: Keypair;
  /** Seconds the clock has been warped forward. */
  clockOffset: number;
  /** The first write-ahead log segment not already inside this snapshot. */
  walSegment: number;
}

const FILE = 'state.bin';
const FORMAT = 2;

/** Past the deepest commitment lag (finalized: 32 slots). */
export const GENESIS_SLOT = 64;

export function genesis(): ChainState {
  return {
    svm: new LiteSVM().withNativeMints(),
    genesisHash: bs58.encode(randomBytes(32)),
    // Born with some history, as every real cluster is: a client reading at `finalized` (web3.js
    // polls there for a fresh blockhash) sees the finalized block move from the first second.
    slot: GENESIS_SLOT,
    store: new TxStore(),
    faucet: Keypair.generate(),
    clockOffset: 0,
    walSegment: 1,
  };
}

/**
 * One snapshot file, replaced atomically, so accounts and history never disagree:
 * [u32 length of the JSON header][JSON header and transactions][LiteSVM snapshot].
 */
export function serialize(state: ChainState): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      format: FORMAT,
      genesisHash: state.genesisHash,
      slot: state.slot,
      faucet: bs58.encode(state.faucet.secretKey),
      clockOffset: state.clockOffset,
      walSegment: state.walSegment,
      transactions: state.store.toJSON(),
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  return Buffer.concat([length, header, state.svm.toBytes()]);
}

export function deserialize(bytes: Buffer): ChainState {
  const length = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8'));
  // Format 1 (before the write-ahead log) had no clock offset and no log segments.
  if (header.format !== FORMAT && header.format !== 1) {
    throw new Error(`unknown chain state format ${header.format}`);
  }
  return {
    svm: LiteSVM.fromBytes(bytes.subarray(4 + length)),
    genesisHash: header.genesisHash,
    slot: header.slot,
    store: TxStore.fromJSON(header.transactions),
    faucet: Keypair.fromSecretKey(bs58.decode(header.faucet)),
    clockOffset: header.clockOffset ?? 0,
    walSegment: header.walSegment ?? 1,
  };
}

/** The saved snapshot in `dir`, or null when there is none yet. */
export async function loadSnapshot(dir: string): Promise<ChainState | null> {
  try {
    return deserialize(await readFile(join(dir, FILE)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function saveSnapshot(dir: string, bytes: Buffer): Promise<void> {
  await writeFileDurably(dir, join(dir, FILE), bytes);
}
