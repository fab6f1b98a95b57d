import { useState, type FormEvent } from 'react';
import { useSignal, useSignalEffect, useSignals } from '@preact/signals-react/runtime';
import type { OrderWithProduct } from '@src/domain/entities';
import { parseTracking } from '@src/domain/tracking';
import { uploadTracking } from '@web/api/upload-tracking';
import { useToast } from '@web/components/toast/use-toast';
import { Button } from '@web/components/ui/button';
import { ClampedText } from '@web/components/ui/clamped-text';
import { ProofFiles } from '@web/components/ui/proof-files';
import { Modal } from '@web/components/ui/modal';
import { useSetAtom } from '@web/state/jotai';
import { refreshOrdersAtom } from '@web/state/refresh';
import { describedBy, FormField } from './form-field';
import { UploadProgress } from './upload-progress';
import * as styles from './seller.css';

/** The seller's proof of shipment for an order awaiting shipment (open while `order` is set). */
export function UploadTrackingDialog({
  order,
  onClose,
}: {
  order: OrderWithProduct | null;
  onClose: () => void;
}) {
  const [uploading, setUploading] = useState(false);
  return (
    <Modal
      open={order !== null}
      onOpenChange={(next) => (next || uploading ? undefined : onClose())}
      title="Upload Tracking"
      description={
        order ? (
          <ClampedText text={`Order #${order.id} · ${order.product?.name ?? 'Unknown Product'}`} />
        ) : undefined
      }
      size="sm"
    >
      {order ? (
        <TrackingForm
          key={order.id}
          order={order}
          uploading={uploading}
          setUploading={setUploading}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function TrackingForm(props: {
  order: OrderWithProduct;
  uploading: boolean;
  setUploading: (uploading: boolean) => void;
  onDone: () => void;
}) {
  useSignals();
  const { uploading, setUploading } = props;
  const trackingNumber = useSignal('');
  const files = useSignal<File[]>([]);
  const problem = useSignal<string | null>(null);
  const progress = useSignal(0);
  const refreshOrders = useSetAtom(refreshOrdersAtom);
  const { toast } = useToast();
  // A message about what was missing goes away as soon as the seller changes something.
  useSignalEffect(() => {
    void trackingNumber.value;
    void files.value;
    problem.value = null;
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let number: string | null;
    try {
      number = parseTracking(trackingNumber.value, files.value.length);
    } catch (error) {
      problem.value = (error as Error).message;
      return;
    }
    problem.value = null;
    setUploading(true);
    progress.value = 0;
    try {
      await uploadTracking(
        props.order.id,
        { trackingNumber: number, files: files.value },
        (fraction) => (progress.value = fraction),
      );
    } catch (error) {
      setUploading(false);
      toast({
        title: 'Upload Failed',
        description: (error as Error).message || 'Failed to upload tracking information',
        variant: 'destructive',
      });
      return;
    }
    setUploading(false);
    toast({
      title: 'Tracking Information Uploaded',
      description: 'Your tracking information has been submitted for admin review.',
    });
    refreshOrders();
    props.onDone();
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        id="tracking-number"
        label="Tracking Number (optional)"
        hint="leave blank for digital products"
      >
        <input
          {...describedBy('tracking-number', undefined, true)}
          className={styles.input}
          value={trackingNumber.value}
          disabled={uploading}
          autoComplete="off"
          onChange={(event) => (trackingNumber.value = event.target.value)}
        />
      </FormField>
      <ProofFiles
        id="tracking-files"
        label="Proof of Delivery (optional)"
        hint="upload images, PDFs or documents as proof of delivery"
        className={styles.field}
        files={files}
        disabled={uploading}
        onRejected={(message) => (problem.value = message)}
      />
      {problem.value ? (
        <p role="alert" className={styles.alert}>
          {problem.value}
        </p>
      ) : null}
      {uploading ? <UploadProgress value={progress.value} label="Uploading tracking" /> : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={props.onDone} disabled={uploading}>
          Cancel
        </Button>
        <Button type="submit" disabled={uploading} aria-busy={uploading}>
          {uploading ? 'Uploading...' : 'Upload'}
        </Button>
      </div>
    </form>
  );
}
