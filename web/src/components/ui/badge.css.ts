import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: '2px 10px',
  borderRadius: vars.radius.full,
  fontSize: 12,
  fontWeight: 600,
  letterSpacing: 0.2,
  whiteSpace: 'nowrap',
});

export const badge = styleVariants({
  green: [base, { background: vars.color.successSoft, color: vars.color.success }],
  blue: [base, { background: vars.color.infoSoft, color: vars.color.info }],
  yellow: [base, { background: vars.color.warningSoft, color: vars.color.warning }],
  red: [base, { background: vars.color.dangerSoft, color: vars.color.danger }],
  grey: [base, { background: vars.color.neutralSoft, color: vars.color.textMuted }],
  brand: [base, { background: vars.color.brandSoft, color: vars.color.brandHover }],
  outline: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.text,
      border: `1px solid ${vars.color.border}`,
    },
  ],
});
