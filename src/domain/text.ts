/*
 * Characters a person's text may not hold. Control characters (C0, DEL, C1) are never typed:
 * they come from a script, and a terminal acts on them (ESC clears an admin's screen or writes
 * over a line, OSC 52 sets the clipboard). Bidirectional embeddings, overrides and isolates
 * reorder what a reader sees ("Trojan Source": a name reading one thing and being another).
 * Text of several lines keeps its tabs and line breaks.
 */
// eslint-disable-next-line no-control-regex
const ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex
const LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** What is wrong with `text` as `label` ("Product name"); null when it holds no hidden characters. */
export function hiddenCharactersError(
  label: string,
  text: string,
  lines: 'one line' | 'lines' = 'one line',
): string | null {
  return (lines === 'lines' ? LINES : ONE_LINE).test(text)
    ? `${label} cannot contain control characters or text-direction overrides`
    : null;
}
