import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

// One column as wide as the dialog gives it, whatever a line holds.
export const panel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
});
export const form = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
});
export const formTitle = style({ fontWeight: 700, fontSize: 15 });
export const field = style({ display: 'grid', gap: vars.space.xs, fontSize: 14, fontWeight: 600 });
export const input = style({
  minWidth: 0,
  minHeight: 40,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  fontWeight: 400,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const error = style({ color: vars.color.danger, fontSize: 13, fontWeight: 500 });
export const hint = style({ fontSize: 13, color: vars.color.textMuted });
export const alert = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  border: `1px solid #fecaca`,
  fontSize: 14,
});
export const success = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: 14,
  fontWeight: 600,
});
export const signature = style({
  fontFamily: vars.font.mono,
  fontSize: 12,
  wordBreak: 'break-all',
  background: vars.color.surface,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
});
