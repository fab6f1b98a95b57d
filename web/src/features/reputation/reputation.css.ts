import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';
export { field } from '@web/components/ui/form.css';

export const compact = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  fontSize: 13,
  fontWeight: 600,
  color: vars.color.text,
});
export const star = style({ color: '#b45309' });
export const muted = style({ color: vars.color.textMuted, fontWeight: 500 });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  margin: 0,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const figure = style({ display: 'grid', gap: 2, minWidth: 0 });
export const figureTerm = style({ fontSize: 12, fontWeight: 700, color: vars.color.textMuted });
export const figureValue = style({ margin: 0, fontSize: 16, fontWeight: 700 });

export const sellerBox = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontSize: 14,
});
export const sellerLink = style({ fontWeight: 700, color: vars.color.brand });

export const review = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const reviewHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'baseline',
  fontSize: 13,
  color: vars.color.textMuted,
});
export const stars = style({ color: '#b45309', fontSize: 16, letterSpacing: 1 });
export const comment = style({ margin: 0, fontSize: 15, whiteSpace: 'pre-wrap' });
export const reply = style({
  margin: 0,
  padding: vars.space.sm,
  borderLeft: `3px solid ${vars.color.brand}`,
  background: vars.color.surfaceMuted,
  fontSize: 14,
  whiteSpace: 'pre-wrap',
});

export const form = style({ display: 'grid', gap: vars.space.lg });
export const starPicker = style({
  display: 'flex',
  gap: vars.space.xs,
  border: 'none',
  padding: 0,
  margin: 0,
});
export const legend = style({ fontSize: 14, fontWeight: 600, marginBottom: vars.space.xs });
export const starOption = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  fontSize: 28,
  // An empty star is a control: at least 3:1 against white (slate 400 is 2.6:1; this is 4.8:1).
  color: '#64748b',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-on="true"]': { color: '#d97706' },
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
  },
});
export const radio = style({ position: 'absolute', opacity: 0, width: 1, height: 1 });
export const textarea = style({
  width: '100%',
  minHeight: 110,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.body,
  fontWeight: 400,
  fontSize: 16,
  resize: 'vertical',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const counter = style({ fontSize: 12, fontWeight: 500, color: vars.color.textMuted });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: 14, fontWeight: 600 });
export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end' });
export const rated = style({ fontSize: 13, color: vars.color.textMuted, whiteSpace: 'nowrap' });
