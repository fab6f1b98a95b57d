import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSignal, useSignalEffect, useSignals } from '@preact/signals-react/runtime';
import type { z } from 'zod';
import type { orderThread } from '@src/contracts/orders';
import { shortDay } from '@src/domain/dates';
import { DISPUTE_REASON_LABELS, messageProblem } from '@src/domain/dispute';
import type { OrderWithProduct } from '@src/domain/entities';
import { formatSol } from '@src/domain/money';
import { conditionLabel } from '@src/domain/product';
import { getOrderThread } from '@web/api/get-order-thread';
import { postMessage } from '@web/api/post-message';
import { Button } from '@web/components/ui/button';
import { ClampedText } from '@web/components/ui/clamped-text';
import { Modal } from '@web/components/ui/modal';
import { formatDate } from '@web/lib/format-date';
import { uploadUrl } from '@web/lib/upload-url';
import { ProofFiles } from '@web/components/ui/proof-files';
import { MAX_MESSAGE_FILES } from '@src/domain/dispute';
import * as styles from './protection.css';

type Thread = z.output<(typeof orderThread)['answer']>;
type Loaded = { status: 'loading' } | { status: 'error'; message: string } | Thread;

const ROLE_LABEL = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin' } as const;

/** Who wrote a message, as its reader sees it: the order's party reading sees "You" for theirs. */
const authorLabel = (role: keyof typeof ROLE_LABEL, reader: 'buyer' | 'seller' | undefined) =>
  role === reader ? `You (${ROLE_LABEL[role]})` : ROLE_LABEL[role];

/** The order's messages (buyer, seller, admin; text and files) and a form to add one. */
export function ThreadDialog({
  order,
  reader,
  onClose,
}: {
  order: OrderWithProduct | null;
  /** The order's party reading it (an admin: none; several admins may write). */
  reader?: 'buyer' | 'seller';
  onClose: () => void;
}) {
  return (
    <Modal
      open={order !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Messages"
      description={
        order ? (
          <ClampedText text={`Order #${order.id} · ${order.product?.name ?? 'Unknown Product'}`} />
        ) : undefined
      }
    >
      {order ? <ThreadView key={order.id} orderId={order.id} reader={reader} /> : null}
    </Modal>
  );
}

/** The thread of one order: its dispute summary, its messages, and the reply form. */
export function ThreadView({ orderId, reader }: { orderId: number; reader?: 'buyer' | 'seller' }) {
  const [thread, setThread] = useState<Loaded>({ status: 'loading' });
  const load = useCallback(async () => {
    try {
      setThread(await getOrderThread(orderId));
    } catch (error) {
      setThread({ status: 'error', message: (error as Error).message || 'Failed to load' });
    }
  }, [orderId]);
  useEffect(() => {
    void load();
  }, [load]);

  if ('status' in thread) {
    return thread.status === 'loading' ? (
      <p className={styles.hint}>Loading messages...</p>
    ) : (
      <p role="alert" className={styles.alert}>
        {thread.message}
      </p>
    );
  }
  return (
    <div className={styles.form}>
      {thread.dispute ? <DisputeSummary dispute={thread.dispute} /> : null}
      {thread.listingAsSold ? <ListingAsSoldView listing={thread.listingAsSold} /> : null}
      {thread.messages.length === 0 ? (
        <p className={styles.hint}>No messages yet.</p>
      ) : (
        <ol className={styles.thread} aria-label="Messages">
          {thread.messages.map((m) => (
            <li key={m.id} className={styles.message}>
              <span className={styles.messageHead}>
                {authorLabel(m.role, reader)} · {formatDate(m.createdAt)}
              </span>
              {m.body ? <span className={styles.messageBody}>{m.body}</span> : null}
              {m.files.length > 0 ? (
                <span className={styles.files}>
                  {m.files.map((file, i) => (
                    <a key={file} href={uploadUrl(file)} target="_blank" rel="noreferrer">
                      {m.fileNames[i] ?? file}
                    </a>
                  ))}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <MessageForm orderId={orderId} onSent={() => void load()} />
    </div>
  );
}

/**
 * The listing as the order bought it: what a dispute is judged against, whatever the seller has
 * edited since. Folded away: opened when it matters.
 */
function ListingAsSoldView({ listing }: { listing: NonNullable<Thread['listingAsSold']> }) {
  return (
    <details className={styles.asSold} data-testid="listing-as-sold">
      <summary className={styles.asSoldTitle}>The listing as bought</summary>
      <div className={styles.asSoldBody}>
        <span>
          <strong>{listing.name}</strong> · {conditionLabel(listing.condition)}
        </span>
        <p className={styles.asSoldText}>{listing.description}</p>
        {listing.images.length > 0 ? (
          <span className={styles.asSoldPhotos}>
            {listing.images.map((src, index) => (
              // The same photo may be listed twice: keyed by its place.
              <a key={index} href={src} target="_blank" rel="noreferrer">
                <img
                  className={styles.asSoldPhoto}
                  src={src}
                  alt={`Photo ${index + 1} as bought`}
                  loading="lazy"
                />
              </a>
            ))}
          </span>
        ) : null}
      </div>
    </details>
  );
}

function DisputeSummary({ dispute }: { dispute: NonNullable<Thread['dispute']> }) {
  const resolved =
    dispute.resolution === 'split'
      ? `Resolved by a split: ${formatSol(dispute.sellerLamports ?? 0n)} SOL to the seller, ${formatSol(dispute.buyerLamports ?? 0n)} SOL to the buyer`
      : dispute.resolution === 'release'
        ? 'Resolved: released to the seller'
        : dispute.resolution === 'refund'
          ? 'Resolved: refunded to the buyer'
          : 'Open: an admin will resolve it';
  return (
    <div className={styles.summary} data-testid="dispute-summary">
      <strong>Problem reported by the {dispute.openedBy}</strong>:{' '}
      {DISPUTE_REASON_LABELS[dispute.reason]} · {shortDay(dispute.openedAt)}
      <br />
      {resolved}
    </div>
  );
}

function MessageForm({ orderId, onSent }: { orderId: number; onSent: () => void }) {
  useSignals();
  const body = useSignal('');
  const files = useSignal<File[]>([]);
  const problem = useSignal<string | null>(null);
  const sending = useSignal(false);
  useSignalEffect(() => {
    void body.value;
    void files.value;
    problem.value = null;
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = messageProblem(body.value, files.value.length);
    if (wrong) {
      problem.value = wrong;
      return;
    }
    sending.value = true;
    try {
      await postMessage(orderId, { body: body.value.trim(), files: files.value });
    } catch (error) {
      sending.value = false;
      problem.value = (error as Error).message || 'Failed to send the message';
      return;
    }
    sending.value = false;
    body.value = '';
    files.value = [];
    onSent();
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.field}>
        <label htmlFor={`message-${orderId}`}>Your message</label>
        <textarea
          id={`message-${orderId}`}
          className={styles.input}
          rows={3}
          value={body.value}
          disabled={sending.value}
          onChange={(event) => (body.value = event.target.value)}
        />
      </div>
      <ProofFiles
        hint={`Images, PDFs or documents, up to ${MAX_MESSAGE_FILES} files of 10MB each`}
        max={MAX_MESSAGE_FILES}
        className={styles.field}
        id={`message-files-${orderId}`}
        label="Files (optional)"
        files={files}
        disabled={sending.value}
        onRejected={(text) => (problem.value = text)}
      />
      {problem.value ? (
        <p role="alert" className={styles.alert}>
          {problem.value}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button type="submit" disabled={sending.value} aria-busy={sending.value}>
          {sending.value ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
