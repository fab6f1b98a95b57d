import { useRef, useState } from 'react';
import { Popover } from 'radix-ui';
import { Link } from 'react-router';
import type { Notification } from '@src/domain/entities';
import { readNotifications } from '@web/api/read-notifications';
import { formatDate } from '@web/lib/format-date';
import { useAtomValue, useSetAtom } from '@web/state/jotai';
import { refreshNotificationsAtom } from '@web/state/live-refresh';
import { notificationsAtom } from './notification-atoms';
import { visuallyHidden } from '@web/components/ui/surface.css';
import * as styles from './notifications.css';

export const NO_NOTIFICATIONS = 'Nothing new yet.';

const KIND_LABELS: Record<Notification['kind'], string> = {
  sale: 'Sale to ship',
  shipped: 'Shipped',
  released: 'Payment released',
  refunded: 'Refunded',
  dispute: 'Dispute opened',
  message: 'Message',
  review: 'Review',
  due: 'Payout due',
};

/** A bell outline (an emoji may have no font to draw it). */
const BellIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** Where an order is shown to one of its parties: their dashboard, opened at the order. */
export const orderLink = (role: 'buyer' | 'seller', orderId: number) =>
  `/${role}-dashboard?order=${orderId}`;

/** "Notifications, 3 unread": the bell's name, so a screen reader hears the count with it. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/**
 * The bell in the navigation bar: the unread count, and on open the newest notifications; the
 * unread ones are marked read as the list opens (and stay highlighted until it closes).
 */
export function NotificationBell() {
  const notifications = useAtomValue(notificationsAtom);
  const refresh = useSetAtom(refreshNotificationsAtom);
  const [open, setOpen] = useState(false);
  // Closed by following a link: the focus goes where the link leads.
  const leaving = useRef(false);
  // Those unread when the list opened: still shown as new while it stays open.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const ready = notifications.status === 'ready' ? notifications.data : null;
  const unread = ready?.unread ?? 0;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next || !ready) return;
    const ids = ready.items.filter((n) => n.readAt === null).map((n) => n.id);
    setFresh(new Set(ids));
    if (ready.unread === 0) return;
    // More unread than the list shows: all of them, as the count the bell showed said.
    const which = ids.length === ready.unread ? ids : 'all';
    void readNotifications(which).then(refresh, refresh);
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger className={styles.bell} aria-label={bellLabel(unread)}>
        <BellIcon />
        {unread > 0 ? (
          <span className={styles.count} aria-hidden="true" data-testid="unread-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <span role="status" className={visuallyHidden}>
        {unread > 0 ? `${unread} unread notifications` : ''}
      </span>
      <Popover.Portal>
        <Popover.Content
          className={styles.panel}
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          onCloseAutoFocus={(event) => {
            if (leaving.current) event.preventDefault();
            leaving.current = false;
          }}
        >
          <h2 className={styles.title}>Notifications</h2>
          {ready && ready.items.length > 0 ? (
            <ul className={styles.list}>
              {ready.items.map((n) => (
                <li key={n.id} className={styles.item} data-unread={fresh.has(n.id)}>
                  {n.orderId !== null && n.role ? (
                    <Link
                      className={styles.itemLink}
                      to={orderLink(n.role, n.orderId)}
                      onClick={(event) => {
                        // Followed here (not opened in a new tab or window): the order takes
                        // the focus, not the bell the list closes back to.
                        const here =
                          event.button === 0 &&
                          !event.ctrlKey &&
                          !event.metaKey &&
                          !event.shiftKey &&
                          !event.altKey;
                        leaving.current = here;
                        onOpenChange(false);
                      }}
                    >
                      {n.text}
                    </Link>
                  ) : (
                    <span className={styles.itemText}>{n.text}</span>
                  )}
                  <span className={styles.itemMeta}>
                    {KIND_LABELS[n.kind]}
                    {fresh.has(n.id) ? ' · New' : ''} · {formatDate(n.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>
              {notifications.status === 'error' ? notifications.message : NO_NOTIFICATIONS}
            </p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
