import { open, rename } from 'node:fs/promises';

/** Makes a directory's entries (new, renamed or removed files) survive a power cut. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces `path` with `bytes` atomically and durably: temp file, fsync, rename, fsync folder. */
export async function writeFileDurably(dir: string, path: string, bytes: Buffer): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.write(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  await syncDir(dir);
}
