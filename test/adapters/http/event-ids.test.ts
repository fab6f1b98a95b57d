import { describe, expect, it } from 'vitest';
import { eventIds } from '@src/adapters/http/event-ids';

describe('the event ids a live update stream shows', () => {
  it('reads back what it wrote, and says nothing of the position', () => {
    const ids = eventIds('a shared secret of the marketplace');
    const shown = [38n, 39n, 45n].map((p) => ids.encode(p));
    expect(shown.map((t) => ids.decode(t))).toEqual([38n, 39n, 45n]);
    for (const text of shown) expect(text).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Neighbours look nothing alike: no count of the events between can be read off them.
    expect(shown[0]!.slice(0, 4)).not.toBe(shown[1]!.slice(0, 4));
  });

  it('is read the same by every server with the same secret, and by no other', () => {
    const one = eventIds('a shared secret of the marketplace');
    const two = eventIds('a shared secret of the marketplace');
    const other = eventIds('another marketplace entirely');
    const text = one.encode(1234n);
    expect(two.decode(text)).toBe(1234n);
    expect(other.decode(text)).toBeNull();
    expect(eventIds().decode(text)).toBeNull(); // no secret: this process's own key
  });

  it('refuses text it did not write', () => {
    const ids = eventIds('a shared secret of the marketplace');
    const text = ids.encode(7n);
    const flipped = (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const made of ['7', '', 'not an id', flipped, `${text}x`]) {
      expect(ids.decode(made)).toBeNull();
    }
  });
});
