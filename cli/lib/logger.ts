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
