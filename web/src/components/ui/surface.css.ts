import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

/** A white card with a hairline border. */
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
});

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

/** A grey block that pulses while data loads. */
export const skeleton = style({
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  animation: `${pulse} 1.6s ease-in-out infinite`,
});

export const container = style({
  width: '100%',
  maxWidth: 1280,
  margin: '0 auto',
  padding: `0 ${vars.space.lg}`,
});

export const muted = style({ color: vars.color.textMuted });

export const mono = style({ fontFamily: vars.font.mono, wordBreak: 'break-all' });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

/**
 * Two lines at most, then an ellipsis; a word longer than the line breaks anywhere rather than
 * running past its box. Give the element the full text as its title.
 */
export const clamp2 = style({
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});
