import type { ReactNode } from 'react';
import * as styles from './seller.css';

/**
 * A labelled input with an optional hint and its error message, wired for screen readers: three
 * parts (label, control, messages), which a row of fields lines up across its columns.
 */
export function FormField(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint || props.error ? (
        <div className={styles.messages}>
          {props.hint ? (
            <span id={`${props.id}-hint`} className={styles.hint}>
              {props.hint}
            </span>
          ) : null}
          {props.error ? (
            <span id={`${props.id}-error`} className={styles.error}>
              {props.error}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** aria attributes of an input inside FormField. */
export function describedBy(id: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}
