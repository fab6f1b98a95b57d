import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const hint = style({
  fontSize: 13,
  fontWeight: 400,
  color: vars.color.textMuted,
  selectors: { '&::first-letter': { textTransform: 'uppercase' } },
});
export const fileList = style({ display: 'grid', gap: vars.space.xs, padding: 0, margin: 0 });
export const fileItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
  fontSize: 14,
  fontWeight: 400,
  listStyle: 'none',
});
// Long names break between words first; a single long name still fits the dialog.
export const fileName = style({ minWidth: 0, overflowWrap: 'break-word', wordBreak: 'break-word' });
