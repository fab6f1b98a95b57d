/** Stable codes for expected business outcomes; the HTTP adapter maps each to one status. */
export type DomainErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid_transition'
  | 'payment_invalid'
  | 'too_large'
  | 'unsupported_media';

/** An expected business outcome (not a crash): carries a message fit to show a person. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validation = (message: string, details?: Record<string, unknown>) =>
  new DomainError('validation', message, details);
export const notFound = (message: string) => new DomainError('not_found', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('conflict', message, details);
