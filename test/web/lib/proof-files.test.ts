import { describe, expect, it } from 'vitest';
import { proofFiles } from '@web/lib/proof-files';

describe('proof files by the names they were uploaded under', () => {
  it('pairs each stored file with its uploaded name, in order', () => {
    expect(proofFiles(['proof-1.pdf', 'proof-2.png'], 'receipt.pdf, door.png')).toEqual([
      { file: 'proof-1.pdf', label: 'receipt.pdf' },
      { file: 'proof-2.png', label: 'door.png' },
    ]);
  });

  it('keeps the stored names when the uploaded ones cannot be matched one to one', () => {
    const stored = (names: string | null) => proofFiles(['proof-1.pdf', 'proof-2.png'], names);
    expect(stored('a, b, c.pdf').map((f) => f.label)).toEqual(['proof-1.pdf', 'proof-2.png']);
    expect(stored(null).map((f) => f.label)).toEqual(['proof-1.pdf', 'proof-2.png']);
  });
});
