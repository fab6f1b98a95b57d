import { describe, expect, it } from 'vitest';
import { shortDay } from '@src/domain/dates';

describe('shortDay', () => {
  it('names the UTC day and month, as the notes and deadlines say it', () => {
    expect(shortDay('2026-11-28T10:00:00Z')).toBe('Nov 28');
    expect(shortDay('2026-11-28T23:59:59.999Z')).toBe('Nov 28');
    expect(shortDay('2026-12-01T00:00:00.000Z')).toBe('Dec 1');
    expect(shortDay('2027-02-28T12:00:00+14:00')).toBe('Feb 27');
  });
});
