import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const description = style({ marginTop: vars.space.sm, color: vars.color.text });
export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
});
export const warning = style({
  marginTop: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: 14,
});
