import { createGlobalTheme } from '@vanilla-extract/css';

/** Design tokens: calm navy and teal, high contrast, generous touch targets. */
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#f5f7fb',
    surface: '#ffffff',
    surfaceMuted: '#eef2f7',
    border: '#dbe2ea',
    text: '#0f172a',
    textMuted: '#526074',
    brand: '#0f766e',
    brandHover: '#115e59',
    brandSoft: '#ccfbf1',
    navy: '#0f172a',
    onBrand: '#ffffff',
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSoft: '#fee2e2',
    success: '#15803d',
    successSoft: '#dcfce7',
    info: '#1d4ed8',
    infoSoft: '#dbeafe',
    warning: '#a16207',
    warningSoft: '#fef9c3',
    neutralSoft: '#e5e7eb',
    focus: '#2563eb',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  space: {
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '40px',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', full: '999px' },
  shadow: {
    card: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
    raised: '0 12px 32px rgba(15, 23, 42, 0.18)',
  },
});

/** Breakpoints used by the grid: small, large, extra-large (spec: 1/2/3/4 columns). */
export const media = {
  sm: 'screen and (min-width: 640px)',
  md: 'screen and (min-width: 768px)',
  lg: 'screen and (min-width: 1024px)',
  xl: 'screen and (min-width: 1280px)',
} as const;
