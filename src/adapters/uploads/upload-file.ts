import type { Readable } from 'node:stream';
import type { StoredFile, UploadKind, UploadStore } from '../../app/ports';

/** A stored file's bytes, as a stream, and their length. */
export interface OpenedUpload {
  size: number;
  body: Readable;
}

/** A stored name the server may serve: what it is, and its bytes when it exists. */
export interface UploadFile {
  mime: string;
  kind: UploadKind;
  /** The bytes, or null when no such file is stored. */
  open(): Promise<OpenedUpload | null>;
}

/**
 * What every upload store offers besides the app's port: serving files by name (GET /uploads)
 * and moving every file to another store under the same name (`marketplace uploads migrate`).
 */
export interface ServedUploadStore extends UploadStore {
  /** Null for a name the store never writes; else the file, which may not exist. */
  resolve(name: string): UploadFile | null;
  /** Every stored name, in name order. */
  listNames(): AsyncIterable<string>;
  /** A stored file's bytes, or null. */
  readBytes(name: string): Promise<Uint8Array | null>;
  /**
   * Keeps `data` under `name` (a name some store wrote) unless the name is taken: 'stored', or
   * 'present' when it holds these very bytes already. A name holding other bytes is an error.
   */
  put(name: string, data: Uint8Array): Promise<'stored' | 'present'>;
}

export type { StoredFile };
