import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** pino on stderr at LOG_LEVEL (default warn), pretty when stderr is a terminal. */
export function createCliLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  const wanted = env.LOG_LEVEL?.toLowerCase();
  const level = wanted && LEVELS.includes(wanted) ? wanted : 'warn';
  if (process.stderr.isTTY) {
    return pino({ level }, pretty({ destination: 2, sync: true, ignore: 'pid,hostname' }));
  }
  return pino({ level }, pino.destination({ dest: 2, sync: true }));
}
