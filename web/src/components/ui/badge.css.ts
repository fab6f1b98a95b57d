import { style, styleVariants } from '@vanilla-extract/css';
import type { Tone } from '@src/domain/status-labels';
import { vars } from '@web/theme/theme.css';

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

// Every tone of the domain's status table (status-labels.ts) has a look, so a new tone fails to
// compile until it has one; brand (categories) and outline (requirements) carry no status.
const looks: Record<Tone | 'brand' | 'outline', Parameters<typeof style>[0]> = {
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
};

export const badge = styleVariants(looks);
