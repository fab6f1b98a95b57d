import { Button } from '../ui/button';
import { skeleton } from '../ui/surface.css';
import * as styles from './dashboard.css';

/** Grey rows that pulse while a dashboard's data loads. */
export function SkeletonRows({ rows = 3, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div aria-busy="true" aria-label={label} role="status" style={{ display: 'grid', gap: 12 }}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`${skeleton} ${styles.skeletonRow}`} />
      ))}
    </div>
  );
}

/** A list that could not load, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.error}>
      <span>{message}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The text shown when a list has nothing in it. */
export function EmptyState({ text }: { text: string }) {
  return <p className={styles.empty}>{text}</p>;
}
