import { DBError } from 'objection';
import { DomainError } from '../../domain/errors';

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

const STILL_USED = 'This record is still in use and cannot be removed';
const SIGNATURE_USED = 'This transaction signature has already been used';

/** Unique constraints and the message a person sees when one is hit. */
const UNIQUE: Record<string, string> = {
  users_wallet_address_key: 'A user with this wallet address already exists',
  chain_signatures_pkey: SIGNATURE_USED,
  payments_signature_key: SIGNATURE_USED,
  payments_refund_signature_key: SIGNATURE_USED,
  orders_escrow_transaction_hash_key: SIGNATURE_USED,
  orders_release_transaction_hash_key: SIGNATURE_USED,
  orders_refund_transaction_hash_key: SIGNATURE_USED,
  sessions_pkey: 'This session already exists',
  sign_in_nonces_pkey: 'This sign-in nonce already exists',
};

/** Check constraints and what they mean in words. */
const CHECK: Record<string, string> = {
  users_wallet_address_not_blank: 'Wallet address is required',
  products_name_not_blank: 'Product name is required',
  products_description_not_blank: 'Description is required',
  products_price_positive: 'Price must be greater than 0',
  products_category_valid: 'Unknown category',
  products_condition_valid: 'Unknown condition',
  products_status_valid: 'Unknown product status',
  products_quantity_min: 'Quantity must be at least 1',
  products_sold_quantity_range: 'Quantity cannot be less than the number already sold',
  orders_price_positive: 'Price must be greater than 0',
  orders_status_valid: 'Unknown order status',
  payments_lamports_positive: 'A payment must be more than 0 lamports',
  payments_status_valid: 'Unknown payment status',
  chain_signatures_purpose_valid: 'Unknown signature purpose',
};

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
  if (thrown instanceof DomainError || thrown instanceof DatabaseError) return thrown;
  const error = native(thrown);
  const { code, constraint, table } = (error ?? {}) as PgError;
  switch (code) {
    case '23505':
      return new DomainError('conflict', UNIQUE[constraint ?? ''] ?? 'This record already exists', {
        constraint,
      });
    case '23514':
      return new DomainError('validation', CHECK[constraint ?? ''] ?? 'A value is not allowed', {
        constraint,
      });
    case '23502':
      return new DomainError('validation', 'A required value is missing', { table });
    case '23001': // ON DELETE RESTRICT
      return new DomainError('conflict', STILL_USED, { constraint });
    case '23503':
      return foreignKey(error as PgError & { detail?: string });
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return new DomainError('validation', 'A value has the wrong form or is out of range');
  }
  const message = code ? `Database error (SQLSTATE ${code})` : 'Database error';
  return new DatabaseError(message, code, { cause: error });
}

function foreignKey(error: PgError & { detail?: string }): DomainError {
  // "is still referenced" comes from a delete or key change, "is not present" from an insert.
  if (error.detail?.includes('still referenced')) {
    return new DomainError('conflict', STILL_USED, { constraint: error.constraint });
  }
  const target = /\((\w+)\)/.exec(error.detail ?? '')?.[1] ?? '';
  const what = target.endsWith('_id') ? target.slice(0, -3).replace(/_/g, ' ') : 'record';
  const label = what === 'buyer' || what === 'seller' ? `${what} (user)` : what;
  return new DomainError('not_found', `The referenced ${label} does not exist`, {
    constraint: error.constraint,
  });
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
