import { style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'end',
  marginBottom: vars.space.md,
});
export const field = style({
  display: 'grid',
  gap: vars.space.xs,
  fontSize: 13,
  fontWeight: 600,
  flex: '1 1 220px',
});
export const narrowField = style([field, { flex: '0 1 180px' }]);
export const control = style({
  width: '100%',
  minHeight: 40,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  fontWeight: 400,
  fontSize: 16,
});

/** One product a row: dense, so a thousand products stay a list an admin can scan. */
export const rows = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
});
/**
 * The browser lays out and paints only the rows near the window (the first paint draws a
 * screenful, not the page of 50); the others keep their last drawn height, or 72 px before.
 */
export const item = style({ contentVisibility: 'auto', containIntrinsicSize: 'auto 72px' });
export const row = style({
  display: 'grid',
  gridTemplateColumns: '48px minmax(0, 1fr) auto',
  gridTemplateAreas: '"thumb main price" ". facts facts" ". action action"',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  alignItems: 'center',
  padding: `${vars.space.sm} ${vars.space.md}`,
  selectors: { '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` } },
  '@media': {
    [media.lg]: {
      gridTemplateColumns: '48px minmax(0, 2fr) minmax(0, 3fr) 110px auto',
      gridTemplateAreas: '"thumb main facts price action"',
    },
  },
});
export const thumb = style({
  gridArea: 'thumb',
  alignSelf: 'start',
  width: 48,
  height: 48,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceMuted,
});
export const main = style({ gridArea: 'main', minWidth: 0, display: 'grid', gap: 2 });
export const head = style({
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'center',
  flexWrap: 'wrap',
});
export const name = style({ fontSize: 15, fontWeight: 700, margin: 0, overflowWrap: 'anywhere' });
export const description = style({
  color: vars.color.textMuted,
  fontSize: 13,
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const facts = style({
  gridArea: 'facts',
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.md}`,
  margin: 0,
  fontSize: 13,
});
export const fact = style({ display: 'flex', gap: 4 });
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });
export const price = style({
  gridArea: 'price',
  justifySelf: 'end',
  alignSelf: 'start',
  '@media': { [media.lg]: { alignSelf: 'center' } },
  fontWeight: 800,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
export const action = style({
  gridArea: 'action',
  justifySelf: 'end',
  '@media': { [media.lg]: { alignSelf: 'center' } },
});
export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: vars.space.md,
  fontSize: 14,
});
