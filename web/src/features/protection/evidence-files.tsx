import type { Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { MAX_MESSAGE_FILES } from '@src/domain/dispute';
import {
  humanSize,
  MAX_TRACKING_FILE_BYTES as MAX_BYTES,
  TRACKING_ACCEPT,
} from '@src/domain/tracking';
import { Button } from '@web/components/ui/button';
import { FilePicker } from '@web/components/ui/file-picker';
import * as styles from './protection.css';

/**
 * Files for a report or a message, with the checks of delivery proofs: the same types, at most
 * 10MB each (a larger one is refused here with its name), at most MAX_MESSAGE_FILES.
 */
export function EvidenceFiles({
  id,
  label,
  files,
  disabled,
  onRejected,
}: {
  id: string;
  label: string;
  files: Signal<File[]>;
  disabled: boolean;
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
      <label htmlFor={id}>{label}</label>
      <FilePicker
        id={id}
        buttonText={files.value.length > 0 ? 'Add more files' : 'Choose files'}
        multiple
        accept={TRACKING_ACCEPT}
        disabled={disabled || files.value.length >= MAX_MESSAGE_FILES}
        aria-describedby={`${id}-hint`}
        onFiles={add}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        Images, PDFs or documents, up to {MAX_MESSAGE_FILES} files of 10MB each
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
