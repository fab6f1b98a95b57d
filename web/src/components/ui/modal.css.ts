import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(15, 23, 42, 0.55)',
  zIndex: 40,
});

export const content = style({
  position: 'fixed',
  zIndex: 50,
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'calc(100vw - 24px)',
  maxHeight: 'calc(100dvh - 24px)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.xl,
  '@media': { [media.md]: { padding: vars.space.xxl } },
});

export const width = {
  sm: style({ maxWidth: 440 }),
  md: style({ maxWidth: 560 }),
  lg: style({ maxWidth: 860 }),
};

export const header = style({ marginBottom: vars.space.lg, paddingRight: vars.space.xl });
// A name of one long word wraps inside the dialog instead of widening it.
export const title = style({ fontSize: 20, fontWeight: 700, overflowWrap: 'anywhere' });
export const description = style({ color: vars.color.textMuted, marginTop: vars.space.xs });

export const close = style({
  position: 'absolute',
  top: vars.space.md,
  right: vars.space.md,
  width: 36,
  height: 36,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  fontSize: 22,
  lineHeight: 1,
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: { '&:hover': { background: vars.color.surfaceMuted } },
});

/**
 * A dialog opened from another (a confirmation over the form it confirms): its overlay dims the
 * dialog beneath, and it sits on top of both.
 */
export const overlayAbove = style([overlay, { zIndex: 60 }]);
export const contentAbove = style([content, { zIndex: 70 }]);
