import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { TooManyRequestsError, UnavailableError } from '../../app/errors';
import { DomainError, type DomainErrorCode } from '../../domain/errors';
import { MAX_TRACKING_FILE_BYTES, MAX_TRACKING_FILES } from '../../domain/tracking';

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

const MB = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** Formidable's codes for an upload past its limits (its own messages name no limit). */
const UPLOAD_LIMITS: Record<number, string> = {
  1015: `Too many files: at most ${MAX_TRACKING_FILES}`,
  1016: `A file is too large: at most ${MB(MAX_TRACKING_FILE_BYTES)} each`,
  1009: `The files are too large together: at most ${MB(MAX_TRACKING_FILES * MAX_TRACKING_FILE_BYTES)}`,
  1008: 'A file is empty',
  1010: 'A file is empty',
};

/** Messages for errors raised by the HTTP plumbing itself (body parsers, uploads). */
function plumbingMessage(
  error: { type?: string; name?: string; code?: unknown },
  status: number,
): string {
  if (error.name === 'SyntaxError' || error.type === 'entity.parse.failed') {
    return 'Request body is not valid JSON';
  }
  const upload = typeof error.code === 'number' ? UPLOAD_LIMITS[error.code] : undefined;
  if (upload) return upload;
  if (status === 413 || error.type === 'entity.too.large') return 'Request body is too large';
  if (status === 415) return 'Unsupported content type';
  return 'Bad request';
}

/**
 * A compressed body that does not inflate (zlib's Z_* codes, brotli's ERR__ERROR_*): the
 * client's mistake, answered 400 and not logged as the server's.
 */
const undecodable = (error: { code?: unknown }) =>
  typeof error.code === 'string' && /^(Z_|ERR__ERROR_)/.test(error.code);

/** What an answer without a body of its own says (the router's 404, 405 and 501). */
function emptyAnswer(ctx: Context): string | null {
  if (ctx.status === 404) return 'Not found';
  if (ctx.status === 405) return `Method not allowed; this path takes ${ctx.response.get('Allow')}`;
  if (ctx.status === 501) return `Method ${ctx.method} is not supported`;
  return null;
}

/** One place turns every failure into `{ error }` JSON; no stack trace or SQL reaches a client. */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      const message = ctx.body == null ? emptyAnswer(ctx) : null;
      if (message) {
        const status = ctx.status;
        ctx.body = { error: message };
        ctx.status = status;
      }
    } catch (caught) {
      const error = caught as Error & { status?: number; statusCode?: number; httpCode?: number };
      if (error instanceof DomainError) {
        ctx.status = STATUS[error.code];
        ctx.body = { error: error.message };
        return;
      }
      if (error instanceof UnavailableError || error instanceof TooManyRequestsError) {
        // Each such answer is its request line's 503; the outage itself is said once, by the
        // dependency watch (one warn line, one info line when it answers again).
        if (error instanceof UnavailableError)
          logger.debug({ err: error }, 'dependency unavailable');
        ctx.status = error instanceof UnavailableError ? 503 : 429;
        ctx.set('Retry-After', String(error.retryAfterSeconds));
        ctx.body = { error: error.message };
        return;
      }
      if (undecodable(error as { code?: unknown })) {
        ctx.status = 400;
        ctx.body = { error: 'Request body could not be decompressed (Content-Encoding)' };
        return;
      }
      const status = error.status ?? error.statusCode ?? error.httpCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { error: plumbingMessage(error, status) };
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

/**
 * Requests node refuses before koa sees them (headers too large, a malformed request line, a
 * request that took too long) answered as JSON like every other refusal: node's own answer has
 * no body.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request headers are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request took too long to arrive']
          : [400, 'Bad Request', 'Bad request'];
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
