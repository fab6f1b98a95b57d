import type { Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import {
  humanSize,
  MAX_TRACKING_FILE_BYTES as MAX_BYTES,
  notAProof,
  proofFileAllowed,
  TRACKING_ACCEPT,
} from '@src/domain/tracking';
import { Button } from './button';
import { FilePicker } from './file-picker';
import * as styles from './proof-files.css';

/**
 * Files that prove something (a delivery, a report's evidence, a message's attachments), with
 * the checks of delivery proofs: the same types, at most 10MB each (another type or a larger one
 * is refused here with its name). Files add up across picks (a file picked twice counts once); each is listed
 * with its size and Remove; `max` files at most.
 */
export function ProofFiles({
  id,
  label,
  hint,
  files,
  disabled,
  max,
  className,
  onRejected,
}: {
  id: string;
  label: string;
  hint: string;
  files: Signal<File[]>;
  disabled: boolean;
  max?: number;
  /** The wrapper's class (the form's field style). */
  className?: string;
  /** Files that cannot be sent (not a proof's type, too large), with the reason. */
  onRejected: (message: string) => void;
}) {
  useSignals();
  const add = (chosen: File[]) => {
    const problem = (f: File) =>
      !proofFileAllowed(f)
        ? notAProof(f.name)
        : f.size > MAX_BYTES
          ? `${f.name} is too large, maximum size is 10MB`
          : null;
    const refused = chosen.map(problem).filter((p): p is string => p !== null);
    const fresh = chosen.filter(
      (f) =>
        problem(f) === null && !files.value.some((g) => g.name === f.name && g.size === f.size),
    );
    files.value = [...files.value, ...fresh];
    if (refused.length > 0) onRejected(refused.join('. '));
  };
  const full = max !== undefined && files.value.length >= max;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <FilePicker
        id={id}
        buttonText={files.value.length > 0 ? 'Add more files' : 'Choose files'}
        multiple
        accept={TRACKING_ACCEPT}
        disabled={disabled || full}
        aria-describedby={`${id}-hint`}
        onFiles={add}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
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
