import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const page = style({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' });
export const main = style({ flex: 1, paddingBottom: vars.space.xxl });
export const footer = style({
  padding: vars.space.xl,
  textAlign: 'center',
  fontSize: 13,
  color: vars.color.textMuted,
  borderTop: `1px solid ${vars.color.border}`,
});
export const loading = style({ padding: vars.space.xxl, display: 'grid', gap: vars.space.lg });
