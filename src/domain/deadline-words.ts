import type { Order } from './entities';
import type { OrderViewer } from './status-labels';
import { shortDay } from './dates';

const passed = (iso: string | null, now: Date) =>
  iso !== null && new Date(iso).getTime() <= now.getTime();

type DeadlineFacts = Pick<
  Order,
  'status' | 'shipBy' | 'autoRefundAt' | 'inspectionEndsAt' | 'dueSince' | 'dueReason'
>;

/**
 * An order's next deadline in plain words for one side ("Ship by 28 Nov", "Paid to the seller
 * automatically on 5 Dec unless you report a problem"); null when nothing is waiting on a date.
 */
export function deadlineWords(order: DeadlineFacts, viewer: OrderViewer, now: Date): string | null {
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
      if (viewer === 'seller') return `Your payment is due${since}: it is on its way`;
      if (viewer === 'buyer') return `The payment to the seller is due${since}`;
      return `Release due${since}: ${order.dueReason ?? 'due'}`;
    }
    case 'refund_due': {
      const since = order.dueSince ? ` since ${shortDay(order.dueSince)}` : '';
      if (viewer === 'buyer') return `Your refund is due${since}: it is on its way`;
      if (viewer === 'seller') return `Cancelled: the buyer’s refund is due${since}`;
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
