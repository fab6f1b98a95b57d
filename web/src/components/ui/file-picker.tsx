import type { InputHTMLAttributes } from 'react';
import { button } from './button.css';
import * as styles from './file-picker.css';

export interface FilePickerProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'onChange' | 'value'
> {
  id: string;
  /** What the visible button says, such as "Choose images". */
  buttonText: string;
  /** The files of one pick; the input is emptied after each so the same file can be picked again. */
  onFiles: (files: File[]) => void;
}

/**
 * A file input that looks like the app's buttons. The chosen files are listed by the caller, so
 * the browser's own "No file chosen" text (wrong once files are listed) is never shown.
 */
export function FilePicker({ buttonText, onFiles, className, ...input }: FilePickerProps) {
  return (
    <span className={`${styles.picker} ${className ?? ''}`}>
      <input
        {...input}
        type="file"
        className={styles.input}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          onFiles(files);
        }}
      />
      <span aria-hidden="true" className={`${button.secondary} ${styles.face}`}>
        {buttonText}
      </span>
    </span>
  );
}
