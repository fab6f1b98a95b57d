import type { Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '@src/domain/product';
import { useToast } from '@web/components/toast/use-toast';
import type { ImageResizer } from './resize-image';
import { FilePicker } from '@web/components/ui/file-picker';
import * as styles from './seller.css';

/** Checks, shrinks and adds chosen files; each problem gets the spec's toast. */
function useAddImages(images: Signal<string[]>, resize: ImageResizer, busy: Signal<boolean>) {
  const { toast } = useToast();
  return async (files: File[]) => {
    if (images.value.length + files.length > MAX_IMAGES) {
      toast({
        title: 'Too many images',
        description: `You can only upload up to ${MAX_IMAGES} images`,
        variant: 'destructive',
      });
      return;
    }
    busy.value = true;
    try {
      for (const file of files) {
        if (file.size > MAX_IMAGE_BYTES) {
          toast({
            title: 'File too large',
            description: `${file.name} is too large, maximum size is 10MB`,
            variant: 'destructive',
          });
          continue;
        }
        try {
          const dataUrl = await resize(file);
          images.value = [...images.value, dataUrl];
        } catch {
          toast({
            title: 'Upload failed',
            description: `Failed to process ${file.name}`,
            variant: 'destructive',
          });
        }
      }
    } finally {
      busy.value = false;
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
  const add = useAddImages(images, resize, busy);
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
        accept="image/*"
        multiple
        disabled={disabled || busy.value || list.length >= MAX_IMAGES}
        aria-describedby="listing-images-hint"
        onFiles={(files) => void add(files)}
      />
      <span id="listing-images-hint" className={styles.hint}>
        {busy.value
          ? 'Processing images...'
          : `Up to ${MAX_IMAGES} images, 10MB each (${list.length}/${MAX_IMAGES}). Click an image to make it the main photo.`}
      </span>
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
