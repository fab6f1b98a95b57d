import { afterEach, describe, expect, it, vi } from 'vitest';
import { quietLibraryNoise } from '../../cli/lib/logger';

const original = console.error;
afterEach(() => {
  console.error = original;
});

describe('the CLI’s console', () => {
  it('sends web3.js’s WebSocket complaints to the log, and everything else on as before', () => {
    const shown = vi.fn();
    console.error = shown;
    const logged: object[] = [];
    quietLibraryNoise({ debug: (obj: object) => logged.push(obj) } as never);
    console.error('ws error:', 'connect ECONNREFUSED 127.0.0.1:35779');
    console.error('Something else');
    expect(shown.mock.calls).toEqual([['Something else']]);
    expect(logged).toEqual([{ detail: 'ws error: connect ECONNREFUSED 127.0.0.1:35779' }]);
  });
});
