import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 40,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontWeight: 600,
  fontSize: 14,
  cursor: 'pointer',
  transition: 'background 120ms, border-color 120ms',
  whiteSpace: 'nowrap',
  selectors: {
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.brand,
      color: vars.color.onBrand,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.brandHover } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: 'inherit',
      selectors: { '&:hover:not(:disabled)': { background: 'rgba(148, 163, 184, 0.18)' } },
    },
  ],
  danger: [
    base,
    {
      background: vars.color.danger,
      color: vars.color.onBrand,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.dangerHover } },
    },
  ],
});

export const block = style({ width: '100%' });
// Compact beside a mouse; under a finger (a phone, a tablet) as tall as a regular button, so an
// order's row of actions is tapped without hitting its neighbour.
export const small = style({
  minHeight: 32,
  padding: `0 ${vars.space.md}`,
  fontSize: 13,
  '@media': { '(pointer: coarse)': { minHeight: 44 } },
});
