import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';
import { card } from '@web/components/ui/surface.css';
import { field as formField, input } from '@web/components/ui/form.css';
export { input };

export const sales = style({ display: 'grid', gap: vars.space.md });
export const sale = style([
  card,
  {
    padding: vars.space.lg,
    display: 'grid',
    gap: vars.space.md,
    // Reached by a notification's link: focused, and shown as the one asked for.
    selectors: {
      '&[data-asked]:focus': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    },
  },
]);
// On a phone the price and badge go on their own row under the name, so the name is not
// squeezed into a sliver beside them; from the small breakpoint on they sit at the right.
export const saleTop = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-start',
  '@media': { [media.sm]: { flexWrap: 'nowrap' } },
});
export const saleHead = style({ flex: 1, minWidth: 0, display: 'grid', gap: 2 });
export const saleSide = style({
  flexBasis: '100%',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
  '@media': {
    [media.sm]: { flexBasis: 'auto', display: 'grid', justifyItems: 'end' },
  },
});
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
/** A shipping address keeps the lines the buyer wrote it in (a parcel's label). */
export const lines = style({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

export const form = style({ display: 'grid', gap: vars.space.lg });
/**
 * A field: its label, its control, then one cell with its hint and error. Its rows keep their own
 * height when a grid row stretches the field (beside a neighbour showing a message), instead of
 * growing the label and the input.
 */
export const field = style([formField, { alignContent: 'start' }]);
export const messages = style({ display: 'grid', gap: 2 });
export const textarea = style([input, { resize: 'vertical' }]);
/**
 * Two fields side by side from the small breakpoint (stacked on phones). Each field spans the
 * row's three rows as a subgrid, so both labels share a line, both inputs the next, both
 * messages the last: a wrapped label or an error under one never pushes the other out of line.
 */
export const row = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': {
    [media.sm]: {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      gridTemplateRows: 'repeat(3, auto)',
      rowGap: 0,
    },
  },
});
globalStyle(`${row} > ${field}`, {
  '@media': { [media.sm]: { gridRow: 'span 3', gridTemplateRows: 'subgrid' } },
});
// A label that wraps beside a shorter one keeps its last line on the input.
globalStyle(`${row} > ${field} > label`, { alignSelf: 'end' });
export const hint = style({
  fontSize: 13,
  fontWeight: 400,
  color: vars.color.textMuted,
  selectors: { '&::first-letter': { textTransform: 'uppercase' } },
});
export const error = style({ color: vars.color.danger, fontSize: 13, fontWeight: 500 });
/** What a pick of photos left out, under the picker. */
export const notes = style({
  display: 'grid',
  gap: 2,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.danger,
  fontSize: 13,
  fontWeight: 500,
});
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
// The group's name reads like the other fields' labels.
export const legend = style({
  padding: `0 ${vars.space.xs}`,
  fontSize: 14,
  fontWeight: 600,
  color: vars.color.text,
});
export const check = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
// The box sits on the first line of its text (24 px) however it wraps, flush with the legend.
globalStyle(`${check} input`, { width: 18, height: 18, margin: '3px 0 0', flexShrink: 0 });
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
