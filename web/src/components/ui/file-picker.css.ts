import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const picker = style({ position: 'relative', display: 'inline-flex', width: 'fit-content' });

/** The real input lies over the visible button: it takes the click, the focus and the label. */
export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  opacity: 0,
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed' } },
});

export const face = style({
  pointerEvents: 'none',
  selectors: {
    [`${input}:focus-visible + &`]: {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: 2,
    },
    [`${input}:hover:not(:disabled) + &`]: { background: vars.color.surfaceMuted },
    [`${input}:disabled + &`]: { opacity: 0.55 },
  },
});
