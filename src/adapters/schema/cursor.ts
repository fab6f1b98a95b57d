import { validation } from '../../domain/errors';

/** Position after the last row of a page, in the newest-first order (createdAt, id). */
export interface Keyset {
  createdAt: string;
  id: number;
}

/** Opaque to clients: base64url of a small JSON array. */
export function encodeCursor(key: Keyset): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url');
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Reads a cursor made by encodeCursor; anything else is a validation error "Invalid cursor". */
export function decodeCursor(cursor: string): Keyset {
  // The error is made only when thrown: an Error captures a stack, which costs every page.
  const invalid = () => validation('Invalid cursor');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'number') throw invalid();
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw invalid();
  // A time as toISOString writes it for the years 0000-9999 (a six-digit year, "+010000-...",
  // is a Date, but one the database refuses).
  if (!ISO_TIME.test(createdAt)) throw invalid();
  const time = new Date(createdAt);
  if (Number.isNaN(time.getTime()) || time.toISOString() !== createdAt) throw invalid();
  return { createdAt, id };
}

/**
 * Where a page of `query` starts: after the cursor's position, or at the top. A page size that is
 * not a positive whole number, or a cursor encodeCursor did not make, is a validation error.
 */
export function pageStart(query: { limit: number; cursor?: string }): Keyset | undefined {
  if (!Number.isInteger(query.limit) || query.limit < 1) {
    throw validation('The page size must be a positive whole number');
  }
  return query.cursor === undefined ? undefined : decodeCursor(query.cursor);
}

/** A page from rows fetched one past `limit`: the items, and the next page's cursor if any. */
export function pageOf<T extends Keyset>(
  rows: readonly T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(last) : null;
  return { items, nextCursor };
}

/** `text` with LIKE's wildcards and escape character made literal (backslash is the escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
