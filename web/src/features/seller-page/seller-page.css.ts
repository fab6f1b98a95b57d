import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const address = style({
  fontFamily: vars.font.mono,
  fontSize: 13,
  wordBreak: 'break-all',
  color: vars.color.textMuted,
});
export const more = style({ display: 'flex', justifyContent: 'center', paddingTop: vars.space.md });
