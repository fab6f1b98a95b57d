import pino, { type Logger } from 'pino';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** pino on stderr at LOG_LEVEL (default warn), pretty when stderr is a terminal. */
export async function createCliLogger(env: NodeJS.ProcessEnv = process.env): Promise<Logger> {
  const wanted = env.LOG_LEVEL?.toLowerCase();
  const level = wanted && LEVELS.includes(wanted) ? wanted : 'warn';
  if (process.stderr.isTTY) {
    const { default: pretty } = await import('pino-pretty');
    return pino({ level }, pretty({ destination: 2, sync: true, ignore: 'pid,hostname' }));
  }
  return pino({ level }, pino.destination({ dest: 2, sync: true }));
}

/**
 * web3.js writes its WebSocket's troubles to console.error itself (`ws error: connect
 * ECONNREFUSED ...`, once per reconnection attempt): a person sees the command's own account of
 * what failed instead, and those lines go to the log (LOG_LEVEL=debug shows them).
 */
export function quietLibraryNoise(logger: Pick<Logger, 'debug'>): void {
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('ws error')) {
      logger.debug({ detail: args.map(String).join(' ') }, 'solana websocket');
      return;
    }
    original(...args);
  };
}
