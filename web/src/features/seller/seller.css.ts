import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';
import { card } from '@web/components/ui/surface.css';
export { field, input } from '@web/components/ui/form.css';

export const sales = style({ display: 'grid', gap: vars.space.md });
export const sale = style([card, { padding: vars.space.lg, display: 'grid', gap: vars.space.md }]);
export const saleTop = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-start' });
export const saleHead = style({ flex: 1, minWidth: 0, display: 'grid', gap: 2 });
export const saleSide = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'end' });
export const price = style({ fontWeight: 800, fontSize: 18, whiteSpace: 'nowrap' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  margin: 0,
  fontSize: 14,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const fact = style({ display: 'grid', gap: 2, minWidth: 0, alignContent: 'start' });
export const term = style({ fontSize: 12, fontWeight: 700, color: vars.color.textMuted });
export const hash = style({ fontFamily: vars.font.mono, fontSize: 12, wordBreak: 'break-all' });

export const form = style({ display: 'grid', gap: vars.space.lg });
export const row = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const hint = style({
  fontSize: 13,
  fontWeight: 400,
  color: vars.color.textMuted,
  selectors: { '&::first-letter': { textTransform: 'uppercase' } },
});
export const error = style({ color: vars.color.danger, fontSize: 13, fontWeight: 500 });
export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: 14,
});
export const checks = style({
  display: 'grid',
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
});
export const check = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
globalStyle(`${check} input`, { width: 18, height: 18 });
export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
export const progress = style({ width: '100%', height: 8, accentColor: vars.color.brand });

export const images = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' } },
});
export const imageTile = style({ position: 'relative' });
export const imageButton = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1',
  padding: 0,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  cursor: 'pointer',
  background: vars.color.surfaceMuted,
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.brand } },
});
globalStyle(`${imageButton} img`, { width: '100%', height: '100%', objectFit: 'cover' });
export const mainTag = style({
  position: 'absolute',
  left: 4,
  bottom: 4,
  padding: '1px 6px',
  borderRadius: vars.radius.sm,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontSize: 11,
  fontWeight: 700,
});
export const removeImage = style({
  position: 'absolute',
  top: 4,
  right: 4,
  width: 28,
  height: 28,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'rgba(15, 23, 42, 0.75)',
  color: '#fff',
  fontSize: 16,
  lineHeight: 1,
  cursor: 'pointer',
});
