import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { StoredFile } from '../../app/ports';
import { validation } from '../../domain/errors';
import { inspectUpload, storedName, type SaveOptions } from './inspect-upload';
import { asBuffer, sha256Hex } from './same-bytes';
import type { ServedUploadStore, UploadFile } from './upload-file';
import { newUploadName, parseUploadName } from './upload-names';

/** A served file is read in slices of this size, never whole. */
const SLICE_BYTES = 256 * 1024;
const PAGE = 500;

type Row = Record<string, unknown>;
const rowsOf = (answer: unknown): Row[] => (answer as { rows?: Row[] }).rows ?? [];
/** bytea: a Buffer from pg, a Uint8Array from PGlite. */
const bytesOf = (value: unknown): Buffer => asBuffer(value as Uint8Array);

/**
 * Uploads in PostgreSQL (UPLOAD_STORE=postgres), shared by every server process on the
 * database. The same checks and random names as on disk (inspectUpload); the bytes are
 * content-addressed: one upload_blobs row per SHA-256, any number of names (upload_files) on
 * it, and a blob goes with its last name. Saving and removing lock the blob's address for the
 * transaction, so a blob is never deleted under a name being added to it. Files are served in
 * slices (uncompressed TOAST reads only the slice), so a 10 MB proof is never held whole.
 */
export class PgUploadStore implements ServedUploadStore {
  constructor(private readonly knex: Knex) {}

  async save(data: Uint8Array, opts: SaveOptions): Promise<StoredFile> {
    const { mime, ext } = await inspectUpload(data, opts);
    const name = newUploadName(opts.kind, ext);
    await this.keep(name, mime, data);
    return { name, mime, size: data.byteLength };
  }

  /** Deletes a stored file (and its bytes when no other name holds them); a missing one is fine. */
  async remove(name: string): Promise<void> {
    storedName(name);
    await this.knex.transaction(async (trx) => {
      const [gone] = rowsOf(
        await trx.raw('DELETE FROM upload_files WHERE name = ? RETURNING sha256', [name]),
      );
      if (!gone) return;
      const sha = gone.sha256 as string;
      await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [sha]);
      await trx.raw(
        `DELETE FROM upload_blobs b WHERE sha256 = ?
           AND NOT EXISTS (SELECT 1 FROM upload_files f WHERE f.sha256 = b.sha256)`,
        [sha],
      );
    });
  }

  resolve(name: string): UploadFile | null {
    const parsed = parseUploadName(name);
    if (!parsed) return null;
    return { ...parsed, open: () => this.open(name) };
  }

  async *listNames(): AsyncIterable<string> {
    let after = '';
    for (;;) {
      const rows = rowsOf(
        await this.knex.raw('SELECT name FROM upload_files WHERE name > ? ORDER BY name LIMIT ?', [
          after,
          PAGE,
        ]),
      );
      for (const row of rows) yield row.name as string;
      if (rows.length < PAGE) return;
      after = rows.at(-1)!.name as string;
    }
  }

  async readBytes(name: string): Promise<Uint8Array | null> {
    const [row] = rowsOf(
      await this.knex.raw(
        `SELECT b.bytes FROM upload_files f JOIN upload_blobs b USING (sha256) WHERE f.name = ?`,
        [storedName(name)],
      ),
    );
    return row ? new Uint8Array(bytesOf(row.bytes)) : null;
  }

  async put(name: string, data: Uint8Array): Promise<'stored' | 'present'> {
    const parsed = parseUploadName(name);
    if (!parsed) throw validation(`${name} is not a stored file`);
    if (await this.keep(name, parsed.mime, data)) return 'stored';
    const [held] = rowsOf(
      await this.knex.raw('SELECT sha256 FROM upload_files WHERE name = ?', [name]),
    );
    if (held?.sha256 === sha256Hex(data)) return 'present';
    throw new Error(`${name} is stored already with other bytes`);
  }

  /** Stores the bytes once per content and `name` on them; false when the name was taken. */
  private async keep(name: string, mime: string, data: Uint8Array): Promise<boolean> {
    const sha = sha256Hex(data);
    return this.knex.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [sha]);
      await trx.raw(
        `INSERT INTO upload_blobs (sha256, size, bytes) VALUES (?, ?, ?)
           ON CONFLICT (sha256) DO NOTHING`,
        [sha, data.byteLength, asBuffer(data)],
      );
      const added = rowsOf(
        await trx.raw(
          `INSERT INTO upload_files (name, sha256, mime) VALUES (?, ?, ?)
             ON CONFLICT (name) DO NOTHING RETURNING name`,
          [name, sha, mime],
        ),
      );
      return added.length === 1;
    });
  }

  private async open(name: string) {
    const [row] = rowsOf(
      await this.knex.raw(
        `SELECT b.sha256, b.size FROM upload_files f JOIN upload_blobs b USING (sha256)
          WHERE f.name = ?`,
        [name],
      ),
    );
    if (!row) return null;
    const sha = row.sha256 as string;
    const size = Number(row.size);
    const knex = this.knex;
    async function* slices() {
      for (let offset = 0; offset < size; offset += SLICE_BYTES) {
        const [slice] = rowsOf(
          await knex.raw(
            'SELECT substring(bytes FROM ? FOR ?) AS part FROM upload_blobs WHERE sha256 = ?',
            [offset + 1, SLICE_BYTES, sha],
          ),
        );
        if (!slice) throw new Error(`${name} was removed while it was being read`);
        yield bytesOf(slice.part);
      }
    }
    return { size, body: Readable.from(slices(), { objectMode: false }) };
  }
}
