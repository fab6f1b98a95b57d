import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

export const banner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  margin: `${vars.space.lg} 0 0`,
  background: vars.color.warningSoft,
  border: `1px solid #fde68a`,
  borderRadius: vars.radius.md,
  '@media': { [media.md]: { flexDirection: 'row', alignItems: 'center' } },
});
export const text = style({ flex: 1, fontSize: 14 });
export const title = style({ fontWeight: 700 });
