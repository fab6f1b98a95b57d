import { chmod, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  ensureKeypairFile,
  KeypairFileError,
  loadKeypair,
  saveKeypair,
} from '@src/adapters/solana/keypair-file';

const setup = async () => join(await mkdtemp(join(tmpdir(), 'keys-')), 'nested', 'dir', 'id.json');

describe('keypair files (Solana CLI format)', () => {
  it('saves a JSON array of 64 bytes, owner-only, and loads it back', async () => {
    const file = await setup();
    const keypair = Keypair.generate();
    await saveKeypair(file, keypair);
    const bytes = JSON.parse(await readFile(file, 'utf8'));
    expect(bytes).toEqual(Array.from(keypair.secretKey));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await loadKeypair(file)).publicKey.toBase58()).toBe(keypair.publicKey.toBase58());
  });

  it('creates a key once and never replaces it', async () => {
    const file = await setup();
    const first = await ensureKeypairFile(file);
    const again = await ensureKeypairFile(file);
    expect(again.publicKey.equals(first.publicKey)).toBe(true);
    await expect(saveKeypair(file, Keypair.generate())).rejects.toMatchObject({ code: 'EEXIST' });
    const both = await Promise.all([ensureKeypairFile(`${file}2`), ensureKeypairFile(`${file}2`)]);
    expect(both[0].publicKey.equals(both[1].publicKey)).toBe(true);
  });

  it("says in words why a keypair file cannot be read, not in Node's text", async () => {
    const file = await setup();
    await expect(loadKeypair(file)).rejects.toThrow(`file ${file} does not exist`);
    await mkdir(file, { recursive: true });
    await expect(loadKeypair(file)).rejects.toThrow(`file ${file} is a folder, not a keypair file`);
    const underFile = join(await setup(), 'id.json');
    await saveKeypair(dirname(underFile), Keypair.generate());
    await expect(loadKeypair(underFile)).rejects.toThrow(
      `file ${underFile} cannot be read (a part of its path is a file, not a folder)`,
    );
  });

  it.skipIf(process.getuid?.() === 0)('says a keypair file it may not read is so', async () => {
    const file = await setup();
    await saveKeypair(file, Keypair.generate());
    await chmod(file, 0o200);
    await expect(loadKeypair(file)).rejects.toThrow(
      `file ${file} cannot be read (permission denied)`,
    );
  });

  it('rejects files that do not hold a keypair', async () => {
    const file = await setup();
    await expect(loadKeypair(file)).rejects.toBeInstanceOf(KeypairFileError);
    await saveKeypair(file, Keypair.generate());
    await writeFile(file, '[1,2,3]');
    await expect(loadKeypair(file)).rejects.toThrow(/64 bytes/);
    await writeFile(file, 'not json');
    await expect(loadKeypair(file)).rejects.toThrow(/not a JSON keypair/);
    const mismatched = Array.from(Keypair.generate().secretKey);
    mismatched.splice(32, 32, ...Keypair.generate().publicKey.toBytes());
    await writeFile(file, JSON.stringify(mismatched));
    await expect(loadKeypair(file)).rejects.toThrow(/does not match/);
  });
});
