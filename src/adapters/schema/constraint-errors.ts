import { DomainError } from '../../domain/errors';

/*
 * What each constraint of the schema (migrations/) means to a person, as DomainErrors. The
 * driver error translation (db-errors.ts) uses these, and so does any store that models the
 * same schema (the in-memory store), so both refuse with the same words.
 */

const STILL_USED = 'This record is still in use and cannot be removed';
const SIGNATURE_USED = 'This transaction signature has already been used';

/** Unique constraints and the message a person sees when one is hit. */
const UNIQUE: Record<string, string> = {
  users_wallet_address_key: 'A user with this wallet address already exists',
  chain_signatures_pkey: SIGNATURE_USED,
  payments_signature_key: SIGNATURE_USED,
  payments_refund_signature_key: SIGNATURE_USED,
  payments_escrow_account_key: 'This escrow account already holds another payment',
  orders_escrow_transaction_hash_key: SIGNATURE_USED,
  orders_release_transaction_hash_key: SIGNATURE_USED,
  orders_refund_transaction_hash_key: SIGNATURE_USED,
  sessions_pkey: 'This session already exists',
  sign_in_nonces_pkey: 'This sign-in nonce already exists',
  disputes_order_key: 'A problem has already been reported for this order',
  // Two reviews of one order sent at once: the one that lost reads as a later one does.
  reviews_order_key: 'This order has been reviewed already',
  payouts_part_key: SIGNATURE_USED,
  payout_attempts_reference_key: 'This payout reference is already in use',
  payout_attempts_one_open:
    'A payout of this order is already under way; wait for it to land or recover it',
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
  products_handling_days_range: 'Handling time must be from 1 to 30 days',
  disputes_opened_by_valid: 'A dispute is opened by the buyer or the seller',
  disputes_reason_valid: 'Unknown dispute reason',
  disputes_resolution_valid: 'Unknown dispute resolution',
  disputes_parts_positive: 'A payout part cannot be negative',
  order_messages_role_valid: 'Unknown message role',
  order_messages_not_empty: 'A message needs some text or a file',
  payouts_recipient_valid: 'A payout goes to the buyer or the seller',
  payouts_action_valid: 'Unknown payout action',
  payouts_lamports_positive: 'A payout must be more than 0 lamports',
  payout_attempts_action_valid: 'Unknown payout action',
  payout_attempts_status_valid: 'Unknown payout attempt status',
  payout_attempts_made_by_valid: 'Unknown payout maker',
  payout_attempts_parts: 'A payout part cannot be negative',
};

/** A unique constraint was hit. */
export const uniqueViolation = (constraint: string | undefined) =>
  new DomainError('conflict', UNIQUE[constraint ?? ''] ?? 'This record already exists', {
    constraint,
  });

/** A check constraint refused the row. */
export const checkViolation = (constraint: string | undefined) =>
  new DomainError('validation', CHECK[constraint ?? ''] ?? 'A value is not allowed', {
    constraint,
  });

/** A NOT NULL column got no value. */
export const missingValue = (table: string | undefined) =>
  new DomainError('validation', 'A required value is missing', { table });

/** A value the column's type cannot hold (bad number, out of range, bad time). */
export const badValue = () =>
  new DomainError('validation', 'A value has the wrong form or is out of range');

/** A delete or key change of a row that others still refer to. */
export const stillUsed = (constraint: string | undefined) =>
  new DomainError('conflict', STILL_USED, { constraint });

/** A foreign key (`column`, like seller_id) that points at no row. */
export function missingReference(column: string, constraint: string | undefined): DomainError {
  const what = column.endsWith('_id') ? column.slice(0, -3).replace(/_/g, ' ') : 'record';
  const label = what === 'buyer' || what === 'seller' ? `${what} (user)` : what;
  return new DomainError('not_found', `The referenced ${label} does not exist`, { constraint });
}

/** A payout attempt for an order no longer in the status the payout was planned from. */
export const payoutPlannedOnOldStatus = (orderId: number) =>
  new DomainError(
    'conflict',
    `Order #${orderId} has moved on since this payout was planned; nothing was reserved`,
  );
