import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const wrap = style({ padding: `${vars.space.xxl} ${vars.space.lg}`, textAlign: 'center' });
export const title = style({ fontSize: 28, fontWeight: 800, marginBottom: vars.space.sm });
export const text = style({ color: vars.color.textMuted, marginBottom: vars.space.lg });
