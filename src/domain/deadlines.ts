/*
 * Buyer and seller protection: the dates every paid order carries (Escrow.com's inspection
 * period, eBay's handling time, OpenBazaar's timeouts).
 *   ship by       = paid + the listing's handling time (1 to 30 days, default 3)
 *   auto refund   = ship by + SHIP_GRACE_DAYS (default 7): no tracking by then, the refund is due
 *   inspection    = tracking uploaded + INSPECTION_DAYS (default 7): then the release is due
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const MIN_HANDLING_DAYS = 1;
export const MAX_HANDLING_DAYS = 30;
export const DEFAULT_HANDLING_DAYS = 3;

export interface ProtectionPolicy {
  /** After tracking, how long the buyer has to confirm receipt or report a problem. */
  inspectionDays: number;
  /** After the ship-by date, how long before an unshipped order's refund becomes due. */
  shipGraceDays: number;
}

export const DEFAULT_POLICY: ProtectionPolicy = { inspectionDays: 7, shipGraceDays: 7 };

const plusDays = (t: Date, days: number) => new Date(t.getTime() + days * DAY_MS);

export function handlingDaysError(days: unknown): string | null {
  if (
    typeof days !== 'number' ||
    !Number.isInteger(days) ||
    days < MIN_HANDLING_DAYS ||
    days > MAX_HANDLING_DAYS
  ) {
    return `Handling time must be a whole number of days from ${MIN_HANDLING_DAYS} to ${MAX_HANDLING_DAYS}`;
  }
  return null;
}

/** The dates set when an order is paid. */
export function paidDeadlines(paidAt: Date, handlingDays: number, policy: ProtectionPolicy) {
  const shipBy = plusDays(paidAt, handlingDays);
  return { shipBy, autoRefundAt: plusDays(shipBy, policy.shipGraceDays) };
}

/** The date set when tracking is uploaded: the end of the buyer's inspection period. */
export const inspectionEnd = (shippedAt: Date, policy: ProtectionPolicy) =>
  plusDays(shippedAt, policy.inspectionDays);
