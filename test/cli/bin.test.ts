import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../cli/bin.js');

describe('the marketplace command', { timeout: 60_000 }, () => {
  it('runs from any folder, as npm link or a global install would start it', async () => {
    const { stdout } = await run(BIN, ['--help'], { cwd: os.tmpdir() });
    expect(stdout).toContain('Usage: marketplace [options] [command]');
    for (const command of ['admin', 'buy', 'seed', 'db', 'chain', 'keygen']) {
      expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
  });

  it('answers an unknown command with a usage error (exit 2)', async () => {
    const failed = await run(BIN, ['sell'], { cwd: os.tmpdir() }).catch((error) => error);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain("unknown command 'sell'");
  });
});
