import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

export const viewport = style({
  position: 'fixed',
  bottom: 0,
  right: 0,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
  maxWidth: 420,
  margin: 0,
  padding: vars.space.lg,
  listStyle: 'none',
  outline: 'none',
});

const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

const base = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.xxl} ${vars.space.lg} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  border: `1px solid ${vars.color.border}`,
  '@media': { [media.md]: { minWidth: 340 } },
  selectors: {
    '&[data-state="open"]': { animation: `${slideIn} 150ms ease-out` },
    '&[data-state="closed"]': { animation: `${fadeOut} 120ms ease-in` },
    '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    '&[data-swipe="end"]': { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
  },
});

export const toast = styleVariants({
  default: [base, { background: vars.color.surface, color: vars.color.text }],
  destructive: [
    base,
    { background: vars.color.danger, color: vars.color.onBrand, borderColor: vars.color.danger },
  ],
});

export const title = style({ fontWeight: 700, fontSize: 15 });
export const description = style({ fontSize: 14, opacity: 0.9, wordBreak: 'break-word' });
export const close = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  fontSize: 20,
  lineHeight: 1,
  cursor: 'pointer',
  width: 28,
  height: 28,
  borderRadius: vars.radius.full,
});
