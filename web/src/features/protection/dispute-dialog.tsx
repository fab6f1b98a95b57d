import { useState, type FormEvent } from 'react';
import { useSignal, useSignalEffect, useSignals } from '@preact/signals-react/runtime';
import {
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  messageProblem,
  type DisputeReason,
} from '@src/domain/dispute';
import type { OrderWithProduct } from '@src/domain/entities';
import { openDispute } from '@web/api/open-dispute';
import { useToast } from '@web/components/toast/use-toast';
import { Button } from '@web/components/ui/button';
import { ClampedText } from '@web/components/ui/clamped-text';
import { Modal } from '@web/components/ui/modal';
import { useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom } from '@web/state/refresh';
import { ProofFiles } from '@web/components/ui/proof-files';
import { MAX_MESSAGE_FILES } from '@src/domain/dispute';
import * as styles from './protection.css';

export const PROBLEM_REPORTED = 'Problem Reported';

/** Report a problem: a reason, a message and evidence files; the order becomes disputed. */
export function DisputeDialog({
  order,
  onClose,
}: {
  order: OrderWithProduct | null;
  onClose: () => void;
}) {
  const [sending, setSending] = useState(false);
  return (
    <Modal
      open={order !== null}
      onOpenChange={(next) => (next || sending ? undefined : onClose())}
      title="Report a Problem"
      description={
        order ? (
          <ClampedText text={`Order #${order.id} · ${order.product?.name ?? 'Unknown Product'}`} />
        ) : undefined
      }
      size="sm"
    >
      {order ? (
        <DisputeForm
          key={order.id}
          order={order}
          sending={sending}
          setSending={setSending}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function DisputeForm(props: {
  order: OrderWithProduct;
  sending: boolean;
  setSending: (sending: boolean) => void;
  onDone: () => void;
}) {
  useSignals();
  const { sending, setSending } = props;
  const reason = useSignal<DisputeReason | ''>('');
  const message = useSignal('');
  const files = useSignal<File[]>([]);
  const problem = useSignal<string | null>(null);
  const refreshOrders = useSetAtom(refreshOrdersAtom);
  const { toast } = useToast();
  useSignalEffect(() => {
    void reason.value;
    void message.value;
    void files.value;
    problem.value = null;
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = reason.value;
    if (!chosen) {
      problem.value = 'Choose what the problem is';
      return;
    }
    const wrong = messageProblem(message.value, files.value.length, 'A report');
    if (wrong) {
      problem.value = wrong;
      return;
    }
    setSending(true);
    try {
      await openDispute(props.order.id, {
        reason: chosen,
        message: message.value.trim(),
        files: files.value,
      });
    } catch (error) {
      setSending(false);
      problem.value = (error as Error).message || 'Failed to report the problem';
      return;
    }
    setSending(false);
    toast({
      title: PROBLEM_REPORTED,
      description: `Order #${props.order.id} is on hold until an admin resolves it.`,
    });
    refreshOrders();
    props.onDone();
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <div className={styles.field}>
        <label htmlFor="dispute-reason">Reason</label>
        <select
          id="dispute-reason"
          className={styles.input}
          value={reason.value}
          disabled={sending}
          onChange={(event) => (reason.value = event.target.value as DisputeReason | '')}
        >
          <option value="">Select a reason</option>
          {DISPUTE_REASONS.map((r) => (
            <option key={r} value={r}>
              {DISPUTE_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="dispute-message">Message</label>
        <textarea
          id="dispute-message"
          className={styles.input}
          rows={4}
          value={message.value}
          disabled={sending}
          onChange={(event) => (message.value = event.target.value)}
        />
      </div>
      <ProofFiles
        hint={`Images, PDFs or documents, up to ${MAX_MESSAGE_FILES} files of 10MB each`}
        max={MAX_MESSAGE_FILES}
        className={styles.field}
        id="dispute-files"
        label="Evidence (optional)"
        files={files}
        disabled={sending}
        onRejected={(text) => (problem.value = text)}
      />
      {problem.value ? (
        <p role="alert" className={styles.alert}>
          {problem.value}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={props.onDone} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={sending} aria-busy={sending}>
          {sending ? 'Sending...' : 'Report Problem'}
        </Button>
      </div>
    </form>
  );
}
