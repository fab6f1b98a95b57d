import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { LiteSVM } from 'litesvm';
import bs58 from 'bs58';
import { TxStore } from './tx-store';

export interface ChainState {
  svm: LiteSVM;
  genesisHash: string;
  slot: number;
  store: TxStore;
  faucet: Keypair;
}

const FILE = 'state.bin';
const FORMAT = 1;

export function genesis(): ChainState {
  return {
    svm: new LiteSVM(),
    genesisHash: bs58.encode(randomBytes(32)),
    slot: 0,
    store: new TxStore(),
    faucet: Keypair.generate(),
  };
}

/**
 * One file, written atomically (temp file + rename), so accounts and history never disagree:
 * [u32 length of the JSON header][JSON header and transactions][LiteSVM snapshot].
 */
export function serialize(state: ChainState): Buffer {
  const header = Buffer.from(
    JSON.stringify({
      format: FORMAT,
      genesisHash: state.genesisHash,
      slot: state.slot,
      faucet: bs58.encode(state.faucet.secretKey),
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
  if (header.format !== FORMAT) throw new Error(`unknown chain state format ${header.format}`);
  return {
    svm: LiteSVM.fromBytes(bytes.subarray(4 + length)),
    genesisHash: header.genesisHash,
    slot: header.slot,
    store: TxStore.fromJSON(header.transactions),
    faucet: Keypair.fromSecretKey(bs58.decode(header.faucet)),
  };
}

/** The saved chain in `dir`, or null when there is none yet. */
export async function loadState(dir: string): Promise<ChainState | null> {
  try {
    return deserialize(await readFile(join(dir, FILE)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function saveState(dir: string, bytes: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `${FILE}.${process.pid}.tmp`);
  await writeFile(temp, bytes);
  await rename(temp, join(dir, FILE));
}
