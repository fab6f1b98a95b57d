import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@web/theme/theme.css';
import { card } from '../ui/surface.css';

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingTop: vars.space.xl,
  '@media': { [media.md]: { paddingTop: vars.space.xxl } },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const titleRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const title = style({
  fontSize: 26,
  fontWeight: 800,
  '@media': { [media.md]: { fontSize: 30 } },
});
/** Spec texts are lower case mid-sentence; the first letter is capitalised by CSS only. */
export const capitalised = style({
  selectors: { '&::first-letter': { textTransform: 'uppercase' } },
});
export const subtitle = style([capitalised, { color: vars.color.textMuted, marginTop: 2 }]);

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { [media.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const stat = style([
  card,
  { padding: vars.space.lg, display: 'grid', gap: vars.space.xs, alignContent: 'start' },
]);
export const statLabel = style({ fontSize: 13, fontWeight: 600, color: vars.color.textMuted });
export const statValue = style({
  fontSize: 22,
  fontWeight: 800,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'break-word',
  '@media': { [media.md]: { fontSize: 26 } },
});
export const statHint = style({ fontSize: 12, color: vars.color.textMuted });

export const panel = style([card, { padding: vars.space.lg, overflow: 'hidden' }]);
export const panelTitle = style({ fontSize: 18, fontWeight: 700, marginBottom: vars.space.md });

export const notice = style([
  card,
  { padding: vars.space.xl, display: 'grid', gap: vars.space.md, justifyItems: 'start' },
]);
export const noticeTitle = style({ fontSize: 18, fontWeight: 700 });

export const empty = style({
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});
export const error = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

/** A table on wide screens; each row becomes a labelled card on a phone. */
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14 });
/** A row a link can land on (a notification's): focused, and shown as the one asked for. */
export const linkedRow = style({
  selectors: {
    '&[data-asked]:focus': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});
globalStyle(`${table} th`, {
  textAlign: 'left',
  fontSize: 12,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: 0.4,
  color: vars.color.textMuted,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${table} td`, {
  padding: `${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});
globalStyle(`${table} tr:last-child td`, { borderBottom: 'none' });
globalStyle(`${table} thead`, {
  '@media': { 'screen and (max-width: 767px)': { display: 'none' } },
});
globalStyle(`${table} tr`, {
  '@media': {
    'screen and (max-width: 767px)': {
      display: 'grid',
      gap: vars.space.xs,
      padding: `${vars.space.md} 0`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
globalStyle(`${table} td`, {
  '@media': {
    'screen and (max-width: 767px)': {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: vars.space.md,
      padding: `${vars.space.xs} 0`,
      border: 'none',
    },
  },
});
globalStyle(`${table} td[data-label]::before`, {
  '@media': {
    'screen and (max-width: 767px)': {
      content: 'attr(data-label)',
      fontSize: 12,
      fontWeight: 700,
      color: vars.color.textMuted,
    },
  },
});

export const productCell = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
});
export const thumb = style({
  width: 48,
  height: 48,
  flexShrink: 0,
  borderRadius: vars.radius.sm,
  objectFit: 'cover',
  background: vars.color.surfaceMuted,
});
// Long names wrap between words; only a word longer than the line is broken.
/** The text beside a cell's thumbnail: it shrinks, so a long name wraps instead of overflowing. */
export const cellText = style({ minWidth: 0 });
export const strong = style({ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 });
export const small = style({ fontSize: 12, color: vars.color.textMuted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
/** A table row's buttons: side by side, so a long name beside them wraps instead. */
export const cellActions = style([actions, { flexWrap: 'nowrap' }]);
export const nowrap = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const skeletonRow = style({ height: 56 });

export const tabsList = style({
  display: 'flex',
  gap: vars.space.xs,
  padding: vars.space.xs,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  width: 'fit-content',
  maxWidth: '100%',
});
export const tab = style({
  minHeight: 40,
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontWeight: 600,
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="active"]': {
      background: vars.color.surface,
      color: vars.color.text,
      boxShadow: vars.shadow.card,
    },
  },
});
export const tabPanel = style({ marginTop: vars.space.lg });
/** A status badge with a line of words under it (a deadline); right-aligned in phone rows. */
export const statusCell = style({
  display: 'grid',
  gap: 4,
  justifyItems: 'start',
  '@media': {
    'screen and (max-width: 767px)': { justifyItems: 'end', textAlign: 'right', maxWidth: '70%' },
  },
});
/** Row actions; right-aligned in phone rows. */
export const rowActions = style([
  actions,
  { '@media': { 'screen and (max-width: 767px)': { justifyContent: 'flex-end' } } },
]);
