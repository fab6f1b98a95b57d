import type { Order } from './entities';
import type { OrderViewer } from './status-labels';
import { shortDay } from './dates';

const passed = (iso: string | null, now: Date) =>
  iso !== null && new Date(iso).getTime() <= now.getTime();

type DeadlineFacts = Pick<
  Order,
  'status' | 'shipBy' | 'autoRefundAt' | 'inspectionEndsAt' | 'dueSince' | 'dueReason'
> & {
  /** An admin's decision not yet paid (multisig mode: the party paid claims it). */
  decided?: 'release' | 'refund' | null;
};

/**
 * An order's next deadline in plain words for one side ("Ship by Nov 28", "Paid to the seller
 * automatically on Dec 5 unless you report a problem"); null when nothing is waiting on a date.
 * In ESCROW_MODE=multisig nothing is paid automatically: the party paid claims what is due, and
 * the words say so.
 */
export function deadlineWords(
  order: DeadlineFacts,
  viewer: OrderViewer,
  now: Date,
  mode: 'wallet' | 'multisig' = 'wallet',
): string | null {
  if (mode === 'multisig') return multisigWords(order, viewer, now);
  return walletWords(order, viewer, now);
}

function multisigWords(order: DeadlineFacts, viewer: OrderViewer, now: Date): string | null {
  const { decided, inspectionEndsAt } = order;
  // The admin's own screens show a decision with who claims it.
  if (decided && viewer === 'admin') return null;
  if (decided === 'release') {
    if (viewer === 'seller') return 'The admin decided to pay you: claim your payment';
    return 'The admin decided to pay the seller, who claims it';
  }
  if (decided === 'refund') {
    if (viewer === 'buyer') return 'The admin decided to refund you: claim your refund';
    return 'The admin decided to refund the buyer, who claims it';
  }
  const since = order.dueSince ? ` since ${shortDay(order.dueSince)}` : '';
  switch (order.status) {
    case 'tracking_uploaded': {
      if (!inspectionEndsAt || passed(inspectionEndsAt, now)) break;
      const on = shortDay(inspectionEndsAt);
      if (viewer === 'buyer') {
        return `The seller can claim the payment on ${on} unless you report a problem`;
      }
      if (viewer === 'seller') {
        return `Yours to claim on ${on} unless the buyer reports a problem`;
      }
      return `The seller can claim the payment on ${on} unless the buyer reports a problem`;
    }
    case 'release_due':
      if (viewer === 'seller') return `Your payment is due${since}: claim it`;
      break;
    case 'refund_due':
      if (viewer === 'buyer') return `Your refund is due${since}: claim it`;
      break;
  }
  const words = walletWords(order, viewer, now);
  // An automatic refund is, here, one the buyer claims.
  const claims =
    viewer === 'buyer' ? '; you can claim it on ' : '; the buyer can claim a refund on ';
  return words?.replace('; refunded automatically on ', claims) ?? null;
}

/** A payout due for over an hour: the settlement runner, which pays within a minute, is behind. */
const overdue = (dueSince: string | null | undefined, now: Date) =>
  !!dueSince && now.getTime() - new Date(dueSince).getTime() > 3600_000;

function walletWords(order: DeadlineFacts, viewer: OrderViewer, now: Date): string | null {
  const { shipBy, autoRefundAt, inspectionEndsAt } = order;
  switch (order.status) {
    case 'escrow_held': {
      if (!shipBy) return null;
      if (autoRefundAt && passed(autoRefundAt, now)) {
        return `Not shipped in time: the refund to the buyer is due since ${shortDay(autoRefundAt)}`;
      }
      if (!passed(shipBy, now)) {
        if (viewer === 'buyer') {
          return `Ship by ${shortDay(shipBy)}: if it has not shipped by then, you can cancel`;
        }
        return `Ship by ${shortDay(shipBy)}`;
      }
      const refund = autoRefundAt ? `; refunded automatically on ${shortDay(autoRefundAt)}` : '';
      if (viewer === 'buyer') {
        return `Not shipped by ${shortDay(shipBy)}: you can cancel for a full refund${refund}`;
      }
      if (viewer === 'seller') {
        return `Ship-by date (${shortDay(shipBy)}) passed: the buyer may cancel${refund}`;
      }
      return `Not shipped by ${shortDay(shipBy)}${refund}`;
    }
    case 'tracking_uploaded': {
      if (!inspectionEndsAt) return null;
      const on = shortDay(inspectionEndsAt);
      if (passed(inspectionEndsAt, now)) {
        return `The inspection period ended on ${on}: the payment to the seller is due`;
      }
      if (viewer === 'buyer') {
        return `Paid to the seller automatically on ${on} unless you report a problem`;
      }
      if (viewer === 'seller') {
        return `Paid to you automatically on ${on} unless the buyer reports a problem`;
      }
      return `Paid to the seller automatically on ${on} unless the buyer reports a problem`;
    }
    case 'release_due': {
      const since = order.dueSince ? ` since ${shortDay(order.dueSince)}` : '';
      // The runner pays within a minute or so: a party hears "since" only once it is late.
      const late = overdue(order.dueSince, now) ? since : '';
      if (viewer === 'seller') {
        return late ? `Your payment is due${late}: it is on its way` : 'Your payment is on its way';
      }
      if (viewer === 'buyer') {
        return late ? `Being paid to the seller (due${late})` : 'Being paid to the seller';
      }
      return `Release due${since}: ${order.dueReason ?? 'due'}`;
    }
    case 'refund_due': {
      const since = order.dueSince ? ` since ${shortDay(order.dueSince)}` : '';
      const late = overdue(order.dueSince, now) ? since : '';
      if (viewer === 'buyer') {
        return late ? `Your refund is due${late}: it is on its way` : 'Your refund is on its way';
      }
      if (viewer === 'seller') {
        return late
          ? `Cancelled: the buyer’s refund is due${late}`
          : 'Cancelled: the buyer’s refund is on its way';
      }
      return `Refund due${since}: ${order.dueReason ?? 'due'}`;
    }
    case 'disputed':
      return viewer === 'admin'
        ? 'Disputed: nothing is paid until you resolve it'
        : 'Under review: nothing is paid until an admin resolves the problem';
    default:
      return null;
  }
}
