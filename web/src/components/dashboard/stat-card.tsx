import type { ReactNode } from 'react';
import * as styles from './dashboard.css';

/**
 * One figure on a dashboard: a label, a value and an optional line of context. `exact`: the
 * figure unrounded, as the value's title (a rounded amount never hides the real one).
 */
export function StatCard({
  label,
  value,
  hint,
  exact,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  exact?: string;
}) {
  return (
    <div className={styles.stat} role="group" aria-label={label}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue} title={exact}>
        {value}
      </span>
      {hint ? <span className={styles.statHint}>{hint}</span> : null}
    </div>
  );
}

/** Four stat cards: two columns on a phone, four on wide screens. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <div className={styles.stats}>{children}</div>;
}
