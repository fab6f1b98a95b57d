import type { Signal } from '@preact/signals-react';
import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { IMAGE_ACCEPT, IMAGE_TYPE_NAMES } from '@src/domain/image-types';
import { MAX_IMAGES } from '@src/domain/product';
import { useToast } from '@web/components/toast/use-toast';
import { FilePicker } from '@web/components/ui/file-picker';
import { addImages, type ImageNote } from './add-images';
import type { ImageResizer } from './resize-image';
import * as styles from './seller.css';

/**
 * Adds a pick's files; what was left out is listed under the picker until the next pick, and the
 * first of it is toasted (one toast at a time: a list of them would show only the last).
 */
function useAddImages(
  images: Signal<string[]>,
  resize: ImageResizer,
  busy: Signal<boolean>,
  notes: Signal<ImageNote[]>,
) {
  const { toast } = useToast();
  return async (files: File[]) => {
    busy.value = true;
    notes.value = [];
    try {
      notes.value = await addImages(images, files, resize);
    } finally {
      busy.value = false;
    }
    const first = notes.value[0];
    if (first) {
      toast({ title: first.title, description: first.description, variant: 'destructive' });
    }
  };
}

/** Up to 5 photos: click one to make it the main photo, remove any. */
export function ImagePicker({
  images,
  resize,
  busy,
  disabled,
}: {
  images: Signal<string[]>;
  resize: ImageResizer;
  /** True while chosen files are being shrunk (the form waits for them). */
  busy: Signal<boolean>;
  disabled: boolean;
}) {
  useSignals();
  const notes = useSignal<ImageNote[]>([]);
  const add = useAddImages(images, resize, busy, notes);
  const list = images.value;
  const makeMain = (index: number) => {
    const chosen = list[index]!;
    images.value = [chosen, ...list.filter((_, i) => i !== index)];
  };
  const remove = (index: number) => {
    images.value = list.filter((_, i) => i !== index);
  };

  return (
    <div className={styles.field}>
      <label htmlFor="listing-images">Images</label>
      <FilePicker
        id="listing-images"
        buttonText={list.length > 0 ? 'Add more images' : 'Choose images'}
        accept={IMAGE_ACCEPT}
        multiple
        disabled={disabled || busy.value || list.length >= MAX_IMAGES}
        aria-describedby={
          notes.value.length > 0
            ? 'listing-images-hint listing-images-notes'
            : 'listing-images-hint'
        }
        onFiles={(files) => void add(files)}
      />
      <span id="listing-images-hint" className={styles.hint}>
        {busy.value
          ? 'Processing images...'
          : `Up to ${MAX_IMAGES} images (${IMAGE_TYPE_NAMES}), 10MB each (${list.length}/${MAX_IMAGES}). Click an image to make it the main photo.`}
      </span>
      {notes.value.length > 0 ? (
        <ul id="listing-images-notes" className={styles.notes} aria-label="Not added">
          {notes.value.map((note, index) => (
            <li key={index}>{note.line}</li>
          ))}
        </ul>
      ) : null}
      {list.length > 0 ? (
        <ul className={styles.images} aria-label="Chosen images" style={{ padding: 0, margin: 0 }}>
          {list.map((src, index) => (
            <li
              key={`${index}-${src.slice(-24)}`}
              className={styles.imageTile}
              style={{ listStyle: 'none' }}
            >
              <button
                type="button"
                className={styles.imageButton}
                aria-pressed={index === 0}
                aria-label={
                  index === 0
                    ? `Image ${index + 1}, main photo`
                    : `Make image ${index + 1} the main photo`
                }
                onClick={() => makeMain(index)}
                disabled={disabled}
              >
                <img src={src} alt="" />
              </button>
              {index === 0 ? <span className={styles.mainTag}>Main</span> : null}
              <button
                type="button"
                className={styles.removeImage}
                aria-label={`Remove image ${index + 1}`}
                onClick={() => remove(index)}
                disabled={disabled}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
