import type { Logger } from 'pino';

/** What every command gets from the entry point. */
export interface Ctx {
  logger: Logger;
}
