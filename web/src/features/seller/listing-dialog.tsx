import { useRef, useState } from 'react';
import type { Product } from '@src/domain/entities';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Modal } from '@web/components/ui/modal';
import { ListingForm } from './listing-form';
import { resizeImage, type ImageResizer } from './resize-image';

export interface ListingDialogProps {
  open: boolean;
  /** The listing to edit; null creates a new one. */
  product: Product | null;
  onClose: () => void;
  /** Shrinks a chosen image (the canvas one by default; tests pass their own). */
  resize?: ImageResizer;
}

/**
 * Create New Listing / Edit Listing. Closing it (Escape, a click outside, ×, Cancel) with changes
 * not saved asks first; with none it closes at once.
 */
export function ListingDialog({
  open,
  product,
  onClose,
  resize = resizeImage,
}: ListingDialogProps) {
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Set by the form: whether it holds anything the seller would lose.
  const unsaved = useRef<() => boolean>(() => false);
  const requestClose = () => {
    if (saving) return;
    if (unsaved.current()) setConfirming(true);
    else onClose();
  };
  const discard = () => {
    setConfirming(false);
    onClose();
  };
  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? undefined : requestClose())}
        title={product ? 'Edit Listing' : 'Create New Listing'}
        size="md"
      >
        {open ? (
          <ListingForm
            key={product?.id ?? 'new'}
            product={product}
            resize={resize}
            saving={saving}
            setSaving={setSaving}
            unsaved={unsaved}
            onCancel={requestClose}
            onDone={onClose}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        open={open && confirming}
        onOpenChange={setConfirming}
        title="Discard your changes?"
        description={
          product
            ? 'Your changes to this listing have not been saved.'
            : 'This listing has not been created yet; what you entered will be lost.'
        }
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        busyLabel="Discard"
        onConfirm={discard}
      />
    </>
  );
}
