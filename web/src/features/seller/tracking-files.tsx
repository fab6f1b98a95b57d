import type { Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import {
  humanSize,
  MAX_TRACKING_FILE_BYTES as MAX_BYTES,
  TRACKING_ACCEPT,
} from '@src/domain/tracking';
import { Button } from '@web/components/ui/button';
import { FilePicker } from '@web/components/ui/file-picker';
import * as styles from './seller.css';

/** Proof-of-delivery picker: files add up across picks; each listed with its size and Remove. */
export function TrackingFiles({
  files,
  disabled,
  onRejected,
}: {
  files: Signal<File[]>;
  disabled: boolean;
  /** Files that cannot be sent (too large), with the reason. */
  onRejected: (message: string) => void;
}) {
  useSignals();
  const add = (chosen: File[]) => {
    const tooLarge = chosen.filter((f) => f.size > MAX_BYTES);
    const fresh = chosen.filter(
      (f) =>
        f.size <= MAX_BYTES && !files.value.some((g) => g.name === f.name && g.size === f.size),
    );
    files.value = [...files.value, ...fresh];
    if (tooLarge.length > 0) {
      onRejected(tooLarge.map((f) => `${f.name} is too large, maximum size is 10MB`).join('. '));
    }
  };
  return (
    <div className={styles.field}>
      <label htmlFor="tracking-files">Proof of Delivery (optional)</label>
      <FilePicker
        id="tracking-files"
        buttonText={files.value.length > 0 ? 'Add more files' : 'Choose files'}
        multiple
        accept={TRACKING_ACCEPT}
        disabled={disabled}
        aria-describedby="tracking-files-hint"
        onFiles={add}
      />
      <span id="tracking-files-hint" className={styles.hint}>
        upload images, PDFs or documents as proof of delivery
      </span>
      {files.value.length > 0 ? (
        <ul className={styles.fileList} aria-label="Chosen files">
          {files.value.map((file, index) => (
            <li key={`${index}-${file.name}`} className={styles.fileItem}>
              <span className={styles.fileName}>
                {file.name} <span className={styles.hint}>({humanSize(file.size)})</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => (files.value = files.value.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
