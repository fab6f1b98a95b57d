import { style } from '@vanilla-extract/css';
import { vars } from '@web/theme/theme.css';

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.full,
  border: 'none',
  background: 'transparent',
  color: '#e2e8f0',
  fontSize: 20,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: 'rgba(148, 163, 184, 0.16)', color: '#fff' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const count = style({
  position: 'absolute',
  top: 4,
  right: 2,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: '#fff',
  fontSize: 11,
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});

export const panel = style({
  zIndex: 40,
  width: 'min(360px, calc(100vw - 16px))',
  maxHeight: 'min(480px, 70vh)',
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  border: `1px solid ${vars.color.border}`,
});

export const title = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg}`,
  fontSize: 15,
  fontWeight: 700,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  display: 'grid',
  gap: 2,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    '&:last-child': { borderBottom: 'none' },
    '&[data-unread="true"]': { background: vars.color.brandSoft },
  },
});

export const itemText = style({ fontSize: 14, fontWeight: 600 });
/** A notification about an order leads to it: the whole text is the link. */
export const itemLink = style({
  fontSize: 14,
  fontWeight: 600,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline', color: vars.color.brand },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const itemMeta = style({ fontSize: 12, color: vars.color.textMuted });
export const empty = style({
  padding: vars.space.lg,
  color: vars.color.textMuted,
  fontSize: 14,
  margin: 0,
});
