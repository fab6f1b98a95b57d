import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

// The columns never grow past the dialog: a word longer than a line (a name, a description, an
// address typed in the contact form) breaks anywhere instead of pushing a column sideways.
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xl,
  overflowWrap: 'anywhere',
  '@media': { [media.md]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
/** What the viewer already did with this product (an order): first, across both columns. */
export const summary = style({ gridColumn: '1 / -1', minWidth: 0 });
/**
 * On a phone the photos are one swipeable strip, so the price and Buy Now stay in the first
 * screen; from md they stack beside the details.
 */
export const gallery = style({
  display: 'flex',
  gap: vars.space.sm,
  minWidth: 0,
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  overscrollBehaviorX: 'contain',
  '@media': { [media.md]: { display: 'grid', overflowX: 'visible' } },
});
export const thumbs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  gap: vars.space.sm,
});
export const mainImage = style({
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  flex: '0 0 82%',
  maxHeight: 220,
  scrollSnapAlign: 'start',
  selectors: { '&:only-child': { flexBasis: '100%' } },
  '@media': { [media.md]: { maxHeight: 'none' } },
});
/** Price and the purchase panel: first after the photos on a phone, last beside them from md. */
export const buyBox = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  order: -1,
  '@media': { [media.md]: { order: 0 } },
});
export const purchaseHeading = style({ fontSize: 15, fontWeight: 700, margin: 0 });
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  alignContent: 'start',
  minWidth: 0,
});
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  fontSize: 14,
});
export const term = style({ color: vars.color.textMuted });
export const priceRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const price = style({ fontSize: 26, fontWeight: 800, color: vars.color.brandHover });
export const description = style({ whiteSpace: 'pre-wrap', color: vars.color.text });
