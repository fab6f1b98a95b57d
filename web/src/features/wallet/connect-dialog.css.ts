import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const list = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: 0,
  margin: 0,
  listStyle: 'none',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: 56,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  textAlign: 'left',
  fontWeight: 600,
  selectors: {
    '&:hover:not(:disabled)': {
      borderColor: vars.color.brand,
      background: vars.color.surfaceMuted,
    },
    '&:disabled': { opacity: 0.6, cursor: 'progress' },
  },
});

export const icon = style({ width: 32, height: 32, borderRadius: vars.radius.sm });
// The wallet's name keeps its line ("Admin (escrow)" on a phone); the hint beside it wraps.
export const name = style({ flex: '1 0 auto', whiteSpace: 'nowrap' });
export const hint = style({
  flex: '0 1 auto',
  minWidth: 0,
  textAlign: 'right',
  fontSize: 12,
  fontWeight: 500,
  color: vars.color.textMuted,
});
export const note = style({ marginTop: vars.space.lg, fontSize: 13, color: vars.color.textMuted });
