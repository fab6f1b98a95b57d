import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

export const desktopOnly = style({
  display: 'none',
  '@media': { [media.md]: { display: 'inline' } },
});
export const mobileOnly = style({ '@media': { [media.md]: { display: 'none' } } });

export const account = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const address = style({
  fontFamily: vars.font.mono,
  fontSize: 13,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: 'rgba(148, 163, 184, 0.16)',
});

/** The balance, rounded to 2 decimals; the exact figure is its title. */
export const balance = style({
  fontSize: 13,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});
