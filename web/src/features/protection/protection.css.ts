import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';
export { field, input } from '@web/components/ui/form.css';

export const deadline = style({
  margin: 0,
  fontSize: 13,
  color: vars.color.textMuted,
  lineHeight: 1.4,
  maxWidth: 360,
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const form = style({ display: 'grid', gap: vars.space.md });
export const hint = style({ fontSize: 13, fontWeight: 400, color: vars.color.textMuted });
export const alert = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: 14,
});
export const buttons = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
export const thread = style({
  display: 'grid',
  gap: vars.space.sm,
  maxHeight: 320,
  overflowY: 'auto',
  padding: 0,
  margin: 0,
});
export const message = style({
  listStyle: 'none',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  display: 'grid',
  gap: 4,
  fontSize: 14,
});
export const messageHead = style({ fontSize: 12, fontWeight: 700, color: vars.color.textMuted });
export const messageBody = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const files = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, fontSize: 13 });
export const summary = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceMuted,
  fontSize: 14,
});
export const asSold = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  fontSize: 14,
});
export const asSoldTitle = style({ cursor: 'pointer', fontWeight: 700 });
export const asSoldBody = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.sm });
export const asSoldText = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 160,
  overflowY: 'auto',
  margin: 0,
});
export const asSoldPhotos = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const asSoldPhoto = style({
  width: 72,
  height: 72,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});
