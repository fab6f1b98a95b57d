import { describe, expect, it } from 'vitest';
import { startFailure } from '@src/start-failure';

const config = {
  port: 3000,
  host: '127.0.0.1',
  dataDir: '/data',
  uploadDir: '/data/uploads',
  localChainPort: 8899,
};

const refused = (address: string) =>
  Object.assign(new Error(`connect ECONNREFUSED ${address}:5432`), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
    address,
    port: 5432,
  });

describe('the sentence a failed start says', () => {
  it('names the database when localhost fails on each of its addresses (an AggregateError)', () => {
    // Node 20's shape: one error per address, the aggregate itself without message or port.
    const error = Object.assign(new AggregateError([refused('::1'), refused('127.0.0.1')], ''), {
      code: 'ECONNREFUSED',
    });
    expect(
      startFailure(error, { ...config, databaseUrl: 'postgres://postgres@localhost/shop' }),
    ).toBe(
      'Could not start: the PostgreSQL server in DATABASE_URL (localhost:5432) is not answering (ECONNREFUSED)',
    );
  });

  it('blames no local chain for a taken port when a Solana node of its own is set', () => {
    const taken = Object.assign(new Error('listen EADDRINUSE'), {
      code: 'EADDRINUSE',
      address: '127.0.0.1',
      port: 8899,
    });
    expect(startFailure(taken, { ...config, port: 8899 })).toMatch(
      /one of the local chain's ports/,
    );
    expect(startFailure(taken, { ...config, port: 8899, rpcUrl: 'http://127.0.0.1:8899' })).toBe(
      'Could not start: 127.0.0.1:8899 is already in use; stop what holds it or set PORT to a free port',
    );
  });
});
