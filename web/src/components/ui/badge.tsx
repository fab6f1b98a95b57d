import type { ReactNode } from 'react';
import * as styles from './badge.css';

export type BadgeTone = keyof typeof styles.badge;

/** A small rounded label; `tone` carries meaning (green ok, red removed, yellow waiting...). */
export function Badge({
  tone = 'grey',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={[styles.badge[tone], className ?? ''].join(' ').trim()}>{children}</span>;
}
