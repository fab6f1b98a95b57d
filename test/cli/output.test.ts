import { afterEach, describe, expect, it, vi } from 'vitest';
import { note, print, printable, table, toJson } from '../../cli/lib/output';

// What a seller wrote, as an attacker would write it: clear the screen, write a fake line over
// the real one, set the clipboard (OSC 52), reorder what is read.
const HOSTILE = 'Lamp\u001b]52;c;QQ==\u0007\u001b[2K\u001b[1A\rAmount: 0.01\u009b8m\u202eFAKE';

describe('what the CLI prints of users’ text', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes control characters and direction overrides out as escapes', () => {
    expect(printable(HOSTILE)).toBe(
      'Lamp\\u001b]52;c;QQ==\\u0007\\u001b[2K\\u001b[1A\\u000dAmount: 0.01\\u009b8m\\u202eFAKE',
    );
  });

  it('writes --json with what JSON leaves raw (C1, direction overrides) escaped, as the same JSON', () => {
    const value = { name: 'Lamp\u009b2J\u202eFAKE\u001b', price: 5n };
    const text = toJson(value);
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/u);
    expect(JSON.parse(text)).toEqual({ name: value.name, price: '5' });
  });

  it('keeps tabs, line breaks and every script', () => {
    expect(printable('Order #1\n\tשלום 👩‍👩‍👧 Ünïcödé')).toBe('Order #1\n\tשלום 👩‍👩‍👧 Ünïcödé');
  });

  it('prints a table, a line and a note with nothing a terminal would act on', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const rendered = table([{ name: HOSTILE }], [{ header: 'Name', value: (r) => r.name }]);
    print(rendered);
    print(`Product #1 "${HOSTILE}"`);
    note(`Deleting "${HOSTILE}"`);
    const written = [...out.mock.calls, ...err.mock.calls].map(([text]) => String(text)).join('');
    // eslint-disable-next-line no-control-regex
    expect(written).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/u);
    expect(written).toContain('Lamp\\u001b]52');
  });
});
