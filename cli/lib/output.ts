export interface Column<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  align?: 'left' | 'right';
  /** Longest text shown; longer values end in an ellipsis. */
  max?: number;
}

// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text as a terminal may print it: control characters and text-direction overrides written out
 * as escapes (`\u001b`). What a marketplace's users wrote reaches the admin's terminal, which
 * would act on them (clear the screen, write over a line, set the clipboard); tabs and line
 * feeds stay.
 */
export const printable = (text: string): string =>
  text.replace(HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const clip = (text: string, max?: number) =>
  max !== undefined && text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A plain text table with a header row, columns padded to their widest cell. */
export function table<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) =>
    columns.map((c) => clip(printable(String(c.value(row) ?? '').replace(/\s+/g, ' ')), c.max)),
  );
  const widths = columns.map((c, i) =>
    Math.max(c.header.length, ...cells.map((line) => line[i]!.length)),
  );
  const render = (line: string[]) =>
    line
      .map((cell, i) =>
        columns[i]!.align === 'right' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return [render(columns.map((c) => c.header)), ...cells.map(render)].join('\n');
}

/**
 * JSON for `--json`: bigints as decimal strings, two-space indent; as `printable`, with the
 * controls and direction overrides JSON itself leaves raw (C1, DEL, bidi) written as escapes,
 * which keeps it the same JSON.
 */
export function toJson(value: unknown): string {
  return printable(JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 2));
}

export function printJson(value: unknown): void {
  process.stdout.write(`${toJson(value)}\n`);
}

export function print(text: string): void {
  process.stdout.write(`${printable(text)}\n`);
}

/** Progress and notes for people: stderr, so stdout stays clean for `--json` and pipes. */
export function note(text: string): void {
  process.stderr.write(`${printable(text)}\n`);
}
