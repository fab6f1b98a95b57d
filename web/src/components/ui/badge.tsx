import type { ReactNode } from 'react';
import type { Badge as StatusLabel } from '@src/domain/status-labels';
import * as styles from './badge.css';

/** The domain's status tones (`Tone`), plus two looks that carry no status: brand, outline. */
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

/** A status as the domain's label table words and colours it (src/domain/status-labels.ts). */
export const StatusBadge = ({ status }: { status: StatusLabel }) => (
  <Badge tone={status.tone}>{status.label}</Badge>
);
