import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@test/e2e/lib/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn until GET /api/health/ready first answered 200. */
  readyAfterMs: number;
  output(): string;
  /** Sends the signal and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The product as `make start` runs it (`node --import tsx cli/main.ts serve`), with `env` on top of
 * quiet defaults, ready when GET /api/health/ready answers 200 (database and chain).
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: {
    port?: number;
    timeoutMs?: number;
    nodeArgs?: string[];
    /** Run as the installed `marketplace` command (cli/bin.js) from this folder instead. */
    from?: string;
  } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const started = performance.now();
  const args = opts.from
    ? [path.join(ROOT, 'cli/bin.js'), 'serve']
    : ['--import', 'tsx', 'cli/main.ts', 'serve'];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...args], {
    cwd: opts.from ?? ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SEED: '0',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const kill = async (signal: NodeJS.Signals) => {
    if (!gone) child.kill(signal);
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  while (Date.now() < deadline && !gone) {
    const ready = await fetch(`${url}/api/health/ready`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) {
      const readyAfterMs = performance.now() - started;
      return { url, pid: child.pid!, readyAfterMs, output: () => text, kill };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await kill('SIGKILL');
  throw new Error(`The server did not become ready:\n${text.slice(-2000)}`);
}
