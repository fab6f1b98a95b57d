import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { TooManyRequestsError, UnavailableError } from '../../app/errors';
import { DomainError, type DomainErrorCode } from '../../domain/errors';

const STATUS: Record<DomainErrorCode, number> = {
  validation: 400,
  payment_invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid_transition: 409,
  too_large: 413,
  unsupported_media: 415,
};

/** Messages for errors raised by the HTTP plumbing itself (body parsers, uploads). */
function plumbingMessage(error: { status?: number; type?: string; name?: string }): string {
  if (error.name === 'SyntaxError' || error.type === 'entity.parse.failed') {
    return 'Request body is not valid JSON';
  }
  if (error.status === 413 || error.type === 'entity.too.large') return 'Request body is too large';
  if (error.status === 415) return 'Unsupported content type';
  return 'Bad request';
}

/** One place turns every failure into `{ error }` JSON; no stack trace or SQL reaches a client. */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: 'Not found' };
      }
    } catch (caught) {
      const error = caught as Error & { status?: number; statusCode?: number; httpCode?: number };
      if (error instanceof DomainError) {
        ctx.status = STATUS[error.code];
        ctx.body = { error: error.message };
        return;
      }
      if (error instanceof UnavailableError || error instanceof TooManyRequestsError) {
        if (error instanceof UnavailableError)
          logger.warn({ err: error }, 'dependency unavailable');
        ctx.status = error instanceof UnavailableError ? 503 : 429;
        ctx.set('Retry-After', String(error.retryAfterSeconds));
        ctx.body = { error: error.message };
        return;
      }
      const status = error.status ?? error.statusCode ?? error.httpCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { error: plumbingMessage(error) };
        return;
      }
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { error: 'Something went wrong on our side; please try again' };
    }
  };
}

/** One line per request: method, path, status and time; never bodies, queries or contacts. */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  };
}
