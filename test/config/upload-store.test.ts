import { describe, expect, it } from 'vitest';
import { loadConfig } from '@src/config';

const PG = 'postgres://postgres@127.0.0.1:5432/shop';

describe('UPLOAD_STORE', () => {
  it('keeps uploads in UPLOAD_DIR unless told otherwise', () => {
    expect(loadConfig({}).uploadStore).toBe('fs');
    expect(loadConfig({ UPLOAD_STORE: 'fs', DATABASE_URL: PG }).uploadStore).toBe('fs');
  });

  it('keeps them in PostgreSQL only where DATABASE_URL names one', () => {
    expect(loadConfig({ UPLOAD_STORE: 'postgres', DATABASE_URL: PG }).uploadStore).toBe('postgres');
    expect(() => loadConfig({ UPLOAD_STORE: 'postgres' })).toThrow(
      'Invalid configuration: UPLOAD_STORE postgres needs DATABASE_URL (the embedded database belongs to one process; use fs)',
    );
  });

  it('names any other store in the one configuration message', () => {
    expect(() => loadConfig({ UPLOAD_STORE: 's3', PORT: 'x' })).toThrow(
      /^Invalid configuration: .*UPLOAD_STORE must be fs or postgres/,
    );
  });
});
