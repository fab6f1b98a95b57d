import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const summary = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceMuted,
});
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const title = style({ fontSize: 15, fontWeight: 700, margin: 0 });
/** Term and value pairs that wrap: two or three a line on a wide dialog, one on a phone. */
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.xl}`,
  margin: 0,
  fontSize: 14,
});
export const fact = style({ display: 'flex', gap: vars.space.xs, minWidth: 0 });
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
