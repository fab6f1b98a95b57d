import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [media.xl]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});
export const address = style({
  fontFamily: vars.font.mono,
  fontSize: 13,
  wordBreak: 'break-all',
  color: vars.color.textMuted,
});
export const more = style({ display: 'flex', justifyContent: 'center', paddingTop: vars.space.md });
