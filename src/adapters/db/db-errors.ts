import { DBError } from 'objection';
import { UnavailableError } from '../../app/errors';
import { DomainError } from '../../domain/errors';
import {
  badValue,
  checkViolation,
  missingReference,
  missingValue,
  stillUsed,
  uniqueViolation,
} from '../schema/constraint-errors';

/** A database failure that is not a business outcome. Its message never carries SQL. */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly sqlState?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseError';
  }
}

const DATABASE_DOWN = 'The database is not answering; please try again in a few seconds';

/** Socket errors of the driver: the server is down, restarting or unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * The database cannot serve anyone right now (not this request's fault): no connection,
 * SQLSTATE class 08 (connection), 57P0x (shutting down, starting), 53xxx (out of resources),
 * 55000 with "not currently accepting connections" (a database closed to connections, e.g.
 * `ALLOW_CONNECTIONS false` during maintenance), a pool that hands out no connection, or a
 * connection the server cut.
 */
function isOutage(error: unknown): boolean {
  const { code, name, message } = (error ?? {}) as {
    code?: string;
    name?: string;
    message?: string;
  };
  if (code && (SOCKET_CODES.has(code) || /^(08|53|57P0)/.test(code))) return true;
  if (name === 'KnexTimeoutError') return true;
  return /Connection terminated|not queryable|PGlite is closed|not currently accepting connections/i.test(
    message ?? '',
  );
}

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
}

/** The driver's own error: objection wraps it (UniqueViolationError ...) and keeps it inside. */
const native = (error: unknown): unknown => (error instanceof DBError ? error.nativeError : error);

/**
 * Turns a driver error, bare (knex) or wrapped (objection), into a DomainError (unique ->
 * conflict, check and bad values -> validation, missing reference -> not_found, still
 * referenced -> conflict) or a DatabaseError. Knex puts the SQL into driver messages, so no
 * driver message is passed on.
 */
export function translateDbError(thrown: unknown): Error {
  if (
    thrown instanceof DomainError ||
    thrown instanceof DatabaseError ||
    thrown instanceof UnavailableError
  )
    return thrown;
  const error = native(thrown);
  if (isOutage(error)) {
    return new UnavailableError('database', DATABASE_DOWN, 5, { cause: error });
  }
  const { code, constraint, table } = (error ?? {}) as PgError;
  switch (code) {
    case '23505':
      return uniqueViolation(constraint);
    case '23514':
      return checkViolation(constraint);
    case '23502':
      return missingValue(table);
    case '23001': // ON DELETE RESTRICT
      return stillUsed(constraint);
    case '23503':
      return foreignKey(error as PgError & { detail?: string });
    case '22P02':
    case '22021': // a NUL character, which text cannot hold
    case '22003':
    case '22007':
    case '22008':
    case '22009': // a time zone the database cannot read, as in a year past 9999
      return badValue();
  }
  const message = code ? `Database error (SQLSTATE ${code})` : 'Database error';
  return new DatabaseError(message, code, { cause: error });
}

function foreignKey(error: PgError & { detail?: string }): DomainError {
  // "is still referenced" comes from a delete or key change, "is not present" from an insert.
  if (error.detail?.includes('still referenced')) return stillUsed(error.constraint);
  return missingReference(/\((\w+)\)/.exec(error.detail ?? '')?.[1] ?? '', error.constraint);
}

/** Runs `work`, translating any driver error on the way out. */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateDbError(error);
  }
}

/** Whether `error` came from PostgreSQL (it carries a five-character SQLSTATE), wrapped or not. */
export const isDriverError = (error: unknown) =>
  /^[0-9A-Z]{5}$/.test(String((native(error) as PgError | null)?.code ?? ''));
