/** The type OID of timestamptz. */
export const TIMESTAMPTZ = 1184;

const digit = (text: string, at: number) => {
  const d = text.charCodeAt(at) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
};
const number = (text: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i += 1) n = n * 10 + digit(text, i);
  return n;
};

/**
 * timestamptz text as PostgreSQL sends it to a session in UTC ("2026-11-24 06:17:01.48998+00")
 * -> the very Date that `fallback` (the pg driver's own parser) makes of it, without its three
 * regular expressions (a page of 48 products reads 49 of them). Anything else (another zone,
 * a year before 1000 or after 9999, BC, infinity) is left to `fallback`. test/adapters/db
 * pins the two equal.
 */
export function fastTimestamptz(fallback: (text: string) => unknown) {
  return (text: string): unknown => {
    const n = text.length;
    if (
      (n !== 22 && (n < 24 || n > 29)) ||
      text.charCodeAt(n - 3) !== 43 || // +
      text.charCodeAt(n - 2) !== 48 || // 0
      text.charCodeAt(n - 1) !== 48 ||
      text.charCodeAt(4) !== 45 || // -
      text.charCodeAt(7) !== 45 ||
      text.charCodeAt(10) !== 32 || // space
      text.charCodeAt(13) !== 58 || // :
      text.charCodeAt(16) !== 58 ||
      (n > 22 && text.charCodeAt(19) !== 46) || // .
      text.charCodeAt(0) === 48 // a year before 1000
    ) {
      return fallback(text);
    }
    const year = number(text, 0, 4);
    const month = number(text, 5, 7);
    const day = number(text, 8, 10);
    const hour = number(text, 11, 13);
    const minute = number(text, 14, 16);
    const second = number(text, 17, 19);
    const fraction = n > 22 ? text.slice(19, n - 3) : '';
    if (
      Number.isNaN(year + month + day + hour + minute + second) ||
      (fraction !== '' && Number.isNaN(number(fraction, 1, fraction.length)))
    ) {
      return fallback(text);
    }
    // The fallback's own arithmetic: milliseconds as 1000 * parseFloat(".ffffff").
    const ms = fraction ? 1000 * parseFloat(fraction) : 0;
    return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  };
}
