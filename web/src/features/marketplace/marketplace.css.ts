import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

export const hero = style({
  background: `linear-gradient(135deg, ${vars.color.navy} 0%, #134e4a 100%)`,
  color: '#f8fafc',
  padding: `${vars.space.xxl} 0`,
});
export const heroTitle = style({
  fontSize: 28,
  fontWeight: 800,
  lineHeight: 1.2,
  '@media': { [media.md]: { fontSize: 40 } },
});
export const heroText = style({ marginTop: vars.space.sm, color: '#cbd5e1', maxWidth: 620 });
export const search = style({
  marginTop: vars.space.xl,
  width: '100%',
  maxWidth: 620,
  minHeight: 48,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontSize: 16,
  color: vars.color.text,
  background: vars.color.surface,
});
export const categories = style({
  // Wraps rather than scrolls: on a phone every category stays in sight.
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  padding: `${vars.space.lg} 0`,
});
export const empty = style({
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});
export const more = style({ display: 'flex', justifyContent: 'center', padding: vars.space.xl });
export const error = style({
  color: vars.color.danger,
  textAlign: 'center',
  padding: vars.space.xl,
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  overflowWrap: 'anywhere',
});
