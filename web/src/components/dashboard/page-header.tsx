import type { ReactNode } from 'react';
import * as styles from './dashboard.css';

/** A dashboard's title, optional badge and subtitle, with actions on the right. */
export function PageHeader(props: {
  title: string;
  subtitle?: string;
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      <div>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{props.title}</h1>
          {props.badge}
        </div>
        {props.subtitle ? <p className={styles.subtitle}>{props.subtitle}</p> : null}
      </div>
      {props.actions ? <div className={styles.actions}>{props.actions}</div> : null}
    </header>
  );
}
