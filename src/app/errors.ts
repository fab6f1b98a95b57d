/**
 * Infrastructure outcomes that are neither business rules (DomainError) nor bugs: the HTTP
 * adapter answers 503 or 429 with `Retry-After`, so a client knows to come back.
 */

/** A dependency (the chain, the database) cannot be reached or refuses to work right now. */
export class UnavailableError extends Error {
  constructor(
    readonly dependency: 'chain' | 'database' | 'server',
    message: string,
    readonly retryAfterSeconds = 5,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UnavailableError';
  }
}

/** The caller asked for more than its share; it may try again after `retryAfterSeconds`. */
export class TooManyRequestsError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
    this.name = 'TooManyRequestsError';
  }
}
