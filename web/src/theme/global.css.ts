import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', { margin: 0, padding: 0 });
globalStyle('body', {
  fontFamily: vars.font.body,
  background: vars.color.bg,
  color: vars.color.text,
  lineHeight: 1.5,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('h1, h2, h3, h4, p', { margin: 0 });
globalStyle('a', { color: vars.color.brand });
globalStyle('img', { maxWidth: '100%', display: 'block' });
globalStyle('button, input, textarea, select', { font: 'inherit' });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 });
globalStyle('dd', { margin: 0 });
