import type { ReactNode } from 'react';
import * as styles from './dashboard.css';

/** One figure on a dashboard: a label, a value and an optional line of context. */
export function StatCard({
  label,
  value,
  hint,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
}) {
  return (
    <div className={styles.stat} role="group" aria-label={label}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value}</span>
      {hint ? <span className={styles.statHint}>{hint}</span> : null}
    </div>
  );
}

/** Four stat cards: two columns on a phone, four on wide screens. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <div className={styles.stats}>{children}</div>;
}
