import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';
import { card } from '@web/components/ui/surface.css';
export { input } from '@web/components/ui/form.css';

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': {
    [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.xl]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const list = style({ display: 'grid', gap: vars.space.md });
/** Order cards: two side by side on a wide screen, so a long queue is not one tall column. */
export const orderCards = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const item = style([
  card,
  { padding: vars.space.lg, display: 'grid', gap: vars.space.md, alignContent: 'start' },
]);
export const itemHead = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const itemTitle = style({ fontSize: 17, fontWeight: 700, overflowWrap: 'break-word' });
export const image = style({
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
});
export const description = style({ color: vars.color.textMuted, fontSize: 14 });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: 14,
});
export const term = style({ color: vars.color.textMuted });
export const value = style({ overflowWrap: 'anywhere' });
/** A shipping address keeps the lines the buyer wrote it in (a parcel's label). */
export const lines = style({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: 12, wordBreak: 'break-all' });
export const amount = style({ fontSize: 22, fontWeight: 800 });
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
/** A dialog's Cancel and its action, at the right as in the other dialogs. */
export const dialogButtons = style([buttons, { justifyContent: 'flex-end' }]);
export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
  selectors: { '&:not(:first-child)': { marginTop: vars.space.lg } },
});
export const sectionTitle = style({ fontSize: 18, fontWeight: 700 });
export const alert = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  border: '1px solid #fecaca',
  fontSize: 14,
});
export const denied = style([
  card,
  {
    padding: vars.space.xxl,
    textAlign: 'center',
    display: 'grid',
    gap: vars.space.sm,
    // The button and the link as wide as their words, not the card's 1,200 px.
    justifyItems: 'center',
  },
]);
export const choices = style({ display: 'grid', gap: vars.space.sm, border: 0, padding: 0 });
// The group's name reads like the other fields' labels (the listing dialog's legend, "Seller's part").
export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: 14,
  fontWeight: 600,
  color: vars.color.text,
});
export const choice = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
export const field = style({ display: 'grid', gap: vars.space.xs, fontWeight: 600, fontSize: 14 });
export const muted = style({
  color: vars.color.textMuted,
  fontSize: 13,
  fontWeight: 400,
  margin: 0,
});
