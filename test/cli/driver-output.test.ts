import { describe, expect, it } from 'vitest';
import { runCli } from './support';

// knex prints its own messages ("Acquire connection error: ..." with a stack) with console.log
// unless told where they go: into stdout, ahead of a command's --json answer.
describe('the database driver’s own messages', () => {
  it('stay out of stdout: a --json answer is JSON alone when the database is not answering', async () => {
    const result = await runCli(['db', 'status', '--json'], {
      // Nothing listens on port 1.
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('Acquire connection error');
    expect(() => JSON.parse(result.stdout) as unknown).not.toThrow();
  });
});
