import { describe, expect, it } from 'vitest';
import { watchDependencies } from '@src/dependency-watch';

describe('the dependency watch', () => {
  it('says once when a dependency stops answering and once when it answers again', async () => {
    const lines: string[] = [];
    const logger = {
      info: (_: object, m: string) => lines.push(`info ${m}`),
      warn: (_: object, m: string) => lines.push(`warn ${m}`),
    };
    let up = false;
    const watch = watchDependencies(
      {
        chain: async () => {
          if (!up) throw new Error('ECONNREFUSED');
        },
        database: async () => undefined,
      },
      { chain: 'The Solana node at http://127.0.0.1:1', database: 'The database' },
      logger,
      60_000,
    );
    await watch.round();
    await watch.round();
    up = true;
    await watch.round();
    await watch.round();
    watch.stop();
    expect(lines).toEqual([
      'warn The Solana node at http://127.0.0.1:1 is not answering: what needs it waits (GET /api/health/ready says 503)',
      'info The Solana node at http://127.0.0.1:1 answers again',
    ]);
  });
});
