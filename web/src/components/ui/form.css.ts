import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

/** A label above its control, the app's form field. */
export const field = style({ display: 'grid', gap: vars.space.xs, fontSize: 14, fontWeight: 600 });

/** A text input, select or textarea: 44 px to touch, 16 px text (no zoom on phones). */
export const input = style({
  width: '100%',
  minHeight: 44,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  fontFamily: vars.font.body,
  fontWeight: 400,
  fontSize: 16,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
