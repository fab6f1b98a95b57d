import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';
import { card as cardSurface } from '@web/components/ui/surface.css';

export const card = style([
  cardSurface,
  {
    display: 'flex',
    flexDirection: 'column',
    position: 'relative',
    width: '100%',
    padding: 0,
    overflow: 'hidden',
    textAlign: 'left',
    cursor: 'pointer',
    transition: 'transform 120ms, box-shadow 120ms',
    selectors: {
      '&:hover': { transform: 'translateY(-2px)', boxShadow: vars.shadow.raised },
      '&:has(:focus-visible)': { boxShadow: `0 0 0 3px ${vars.color.brand}` },
    },
  },
]);
/** The card's one control: its name, its box stretched over the whole card. */
export const open = style({
  all: 'unset',
  display: 'block',
  cursor: 'pointer',
  selectors: {
    '&::after': { content: "''", position: 'absolute', inset: 0 },
    '&:focus-visible': { outline: 'none' },
  },
});
export const imageFrame = style({
  position: 'relative',
  aspectRatio: '4 / 3',
  background: vars.color.surfaceMuted,
  overflow: 'hidden',
});
export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });
export const noImage = style([
  imageFrame,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: vars.color.textMuted,
    fontSize: 14,
  },
]);
export const soldOut = style({
  position: 'absolute',
  top: vars.space.md,
  right: vars.space.md,
  padding: '4px 10px',
  borderRadius: vars.radius.sm,
  background: vars.color.danger,
  color: '#fff',
  fontWeight: 800,
  fontSize: 12,
  letterSpacing: 0.6,
});
// A column, not a grid: a stretched grid row would un-clamp the description in tall cards.
export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  flex: 1,
});
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const condition = style({ fontSize: 12, color: vars.color.textMuted });
export const name = style({ fontSize: 17, fontWeight: 700, lineHeight: 1.3 });
export const clamp = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  color: vars.color.textMuted,
  fontSize: 14,
  lineHeight: 1.5,
  maxHeight: '3em',
});
export const footer = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  marginTop: 'auto',
});
export const price = style({ fontSize: 20, fontWeight: 800, color: vars.color.brandHover });
export const small = style({ fontSize: 13, color: vars.color.textMuted });
export const skeletonCard = style([cardSurface, { overflow: 'hidden' }]);

/** Product cards in a responsive grid: one a row on a phone, up to four on a wide screen. */
export const productGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.xl]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});
