import type { FormEvent, RefObject } from 'react';
import { useSignal, useSignals } from '@preact/signals-react/runtime';
import type { Product } from '@src/domain/entities';
import { saveProduct } from '@web/api/save-product';
import { useToast } from '@web/components/toast/use-toast';
import { Button } from '@web/components/ui/button';
import { useSetAtom } from '@web/state/jotai';
import { refreshProductsAtom } from '@web/state/refresh';
import { useUser } from '@web/features/user';
import { ImagePicker } from './image-picker';
import { draftBody, draftErrors, useListingDraft, useUnsavedCheck } from './listing-draft';
import { ListingFields } from './listing-fields';
import { UploadProgress } from './upload-progress';
import type { ImageResizer } from './resize-image';
import * as styles from './seller.css';

/** The listing dialog's form: photos, fields, Cancel and Create Listing / Update Listing. */
export function ListingForm(props: {
  product: Product | null;
  resize: ImageResizer;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  unsaved: RefObject<() => boolean>;
  /** Cancel: the dialog asks first when something would be lost. */
  onCancel: () => void;
  /** Saved: closes without asking. */
  onDone: () => void;
}) {
  useSignals();
  const { product, saving, setSaving } = props;
  const draft = useListingDraft(product);
  const processing = useSignal(false);
  const progress = useSignal(0);
  const failure = useSignal<string | null>(null);
  const { userId } = useUser();
  const refreshProducts = useSetAtom(refreshProductsAtom);
  const { toast } = useToast();
  const verb = product ? 'update' : 'create';
  useUnsavedCheck(props.unsaved, draft, processing);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = draftErrors(draft, userId);
    draft.errors.value = errors;
    failure.value = null;
    if (errors.length > 0 || userId === null) return;
    setSaving(true);
    progress.value = 0;
    try {
      await saveProduct(draftBody(draft, userId, product), product?.id ?? null, (fraction) => {
        progress.value = fraction;
      });
    } catch (error) {
      failure.value = (error as Error).message || null;
      toast({
        title: 'Error',
        description: `Failed to ${verb} listing. Please try again.`,
        variant: 'destructive',
      });
      setSaving(false);
      return;
    }
    setSaving(false);
    toast({ title: product ? 'Product updated successfully!' : 'Product listed successfully!' });
    refreshProducts();
    props.onDone();
  };

  const busyLabel = product ? 'Updating...' : 'Creating...';
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <ImagePicker
        images={draft.images}
        resize={props.resize}
        busy={processing}
        disabled={saving}
      />
      <ListingFields draft={draft} disabled={saving} />
      {failure.value ? (
        <p role="alert" className={styles.alert}>
          {failure.value}
        </p>
      ) : null}
      {saving ? <UploadProgress value={progress.value} label="Saving listing" /> : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={props.onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || processing.value} aria-busy={saving}>
          {saving ? busyLabel : product ? 'Update Listing' : 'Create Listing'}
        </Button>
      </div>
    </form>
  );
}
