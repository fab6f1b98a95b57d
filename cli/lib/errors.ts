/** A failure the CLI reports as one sentence on stderr, exiting with `exitCode` (1 by default). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /**
     * The command already printed its whole answer (with `--json`, the one JSON document, its
     * failures in it): the failure is then a line on stderr and the exit code, nothing more.
     */
    readonly answered = false,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Wrong arguments the parser could not catch (exit code 2, like commander's own). */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/** The server answered with an error (`{ error }` body, or its status text). */
export class ApiError extends CliError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The message of anything thrown, as one sentence. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
