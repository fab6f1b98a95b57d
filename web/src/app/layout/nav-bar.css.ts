import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 30,
  background: vars.color.navy,
  color: '#e2e8f0',
  borderBottom: '1px solid rgba(148, 163, 184, 0.2)',
});

// One row at every width: the phone menu opens below the bar (positioned against the sticky
// header), so the brand, the wallet control and the menu button never wrap to a second row.
export const bar = style({
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  '@media': { [media.md]: { columnGap: vars.space.md } },
  rowGap: 0,
  minHeight: 64,
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: '#fff',
  fontWeight: 800,
  fontSize: 16,
  whiteSpace: 'nowrap',
  '@media': { [media.md]: { fontSize: 18 } },
  textDecoration: 'none',
  marginRight: 'auto',
  minHeight: 64,
  minWidth: 0,
});

/**
 * The brand's name gives way (ellipsis) before anything wraps on the narrowest phones; with a
 * wallet connected (balance, address, bell) a phone shows the mark alone.
 */
export const brandName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  '@media': {
    'screen and (max-width: 639px)': {
      selectors: { [`${brand}[data-compact="true"] &`]: { display: 'none' } },
    },
  },
});

export const brandMark = style({ width: 28, height: 28, flexShrink: 0 });

export const menuToggle = style({
  display: 'inline-flex',
  flexShrink: 0,
  order: 2,
  '@media': { [media.md]: { display: 'none' } },
});

export const links = style({
  display: 'none',
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}`,
  background: vars.color.navy,
  borderBottom: '1px solid rgba(148, 163, 184, 0.2)',
  selectors: { '&[data-open="true"]': { display: 'flex' } },
  '@media': {
    [media.md]: {
      display: 'flex',
      position: 'static',
      order: 0,
      flexDirection: 'row',
      alignItems: 'center',
      padding: 0,
      background: 'none',
      borderBottom: 'none',
    },
  },
});

export const link = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: '#cbd5e1',
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: 15,
  selectors: {
    '&:hover': { color: '#fff', background: 'rgba(148, 163, 184, 0.16)' },
    '&[aria-current="page"]': { color: '#fff', background: 'rgba(20, 184, 166, 0.22)' },
  },
});

/** The bell and the wallet, together in the bar as they were. */
export const tools = style({ display: 'contents' });

/** Under the open menu, over the page: takes a tap beside the menu (narrow screens only). */
export const menuBackdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: -1,
  '@media': { [media.md]: { display: 'none' } },
});
