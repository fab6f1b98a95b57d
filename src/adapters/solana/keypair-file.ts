import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Keypair } from '@solana/web3.js';

/**
 * A keypair file that cannot be read or does not hold a Solana CLI keypair. Its message is
 * "file <file> <what is wrong>", for callers to prefix with what the file is for ("Keypair ",
 * "ESCROW_KEYPAIR: ").
 */
export class KeypairFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
    options?: { cause: unknown },
  ) {
    super(`file ${file} ${message}`, options);
    this.name = 'KeypairFileError';
  }
}

/** Node's error codes as words; Node's own text stays in the error's cause. */
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'a read-only file system',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'a part of its path is a file, not a folder',
};

const reason = (error: unknown) => {
  const { code, message } = error as NodeJS.ErrnoException;
  return (code && REASONS[code]) ?? code ?? message;
};

/** Why a file cannot be read, said for a person. */
function unreadable(error: unknown): string {
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EISDIR') return 'is a folder, not a keypair file';
  return `cannot be read (${reason(error)})`;
}

/** Reads a Solana CLI keypair file: a JSON array of the 64 secret-key bytes. */
export async function loadKeypair(file: string): Promise<Keypair> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new KeypairFileError(file, unreadable(error), { cause: error });
  }
  let bytes: unknown;
  try {
    bytes = JSON.parse(text);
  } catch (error) {
    throw new KeypairFileError(file, 'is not a JSON keypair file', { cause: error });
  }
  const valid =
    Array.isArray(bytes) &&
    bytes.length === 64 &&
    bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);
  if (!valid) throw new KeypairFileError(file, 'does not hold a JSON array of 64 bytes');
  try {
    return Keypair.fromSecretKey(Uint8Array.from(bytes as number[]));
  } catch (error) {
    throw new KeypairFileError(file, 'holds a public half that does not match the secret key', {
      cause: error,
    });
  }
}

/**
 * Writes `keypair` in Solana CLI format, readable by its owner only (0600), creating folders.
 * Refuses to replace an existing file unless `overwrite` is set.
 */
export async function saveKeypair(
  file: string,
  keypair: Keypair,
  opts: { overwrite?: boolean } = {},
): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(Array.from(keypair.secretKey)), {
    mode: 0o600,
    flag: opts.overwrite ? 'w' : 'wx',
  });
}

/** The keypair in `file`, created (0600) if there is none; an existing key is never replaced. */
export async function ensureKeypairFile(file: string): Promise<Keypair> {
  const keypair = Keypair.generate();
  try {
    await saveKeypair(file, keypair);
    return keypair;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new KeypairFileError(file, `cannot be written (${reason(error)})`, { cause: error });
    }
    return loadKeypair(file);
  }
}
