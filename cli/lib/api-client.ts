import type { Logger } from 'pino';
import { z } from 'zod';
import {
  pathOf,
  queryString,
  type AnswerOf,
  type BodyIn,
  type Endpoint,
  type ParamsIn,
  type QueryIn,
} from '@src/contracts/endpoint';
import { ApiError, CliError, UsageError } from './errors';
import { note } from './output';
import { DEFAULT_API } from './options';

export type Query = Record<string, string | number | undefined>;

export interface Reply<T> {
  body: T;
  headers: Headers;
  status: number;
}

/** The error message of a non-OK answer: its JSON `error` field, else its text, else the status. */
function errorMessage(status: number, statusText: string, text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed?.error === 'string' && parsed.error) return parsed.error;
  } catch {
    /* not JSON: use the text */
  }
  return text.trim().slice(0, 300) || statusText || `HTTP ${status}`;
}

/** How many times one call is sent while the server answers short 429s (the last one is the answer). */
const RETRIES_ON_429 = 6;
/** Up to this, a wait is a moment's contention (a payment of this wallet being checked). */
const SHORT_WAIT_S = 5;
/** Up to this, a wait (an abuse limit's window) is waited out once; longer is the answer. */
const MAX_WAIT_S = 60;

/** Retry-After in seconds (the API's form); 1 s when absent or unreadable. */
function retryAfterSeconds(header: string | null): number {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds < 0) return 1;
  return seconds;
}

/** Whether to wait out this 429 and ask again, given the waits already taken. */
function waitAgain(seconds: number, attempt: number, waitedLong: boolean): boolean {
  if (seconds > MAX_WAIT_S || waitedLong) return false;
  return seconds > SHORT_WAIT_S || attempt < RETRIES_ON_429;
}

export const DEFAULT_TIMEOUT_S = 30;

/**
 * The time limit of one call, in seconds: MARKETPLACE_TIMEOUT, else 30. Read here, where every
 * client is made, so every command keeps to it.
 */
export function requestTimeoutSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.MARKETPLACE_TIMEOUT?.trim();
  if (!text) return DEFAULT_TIMEOUT_S;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new UsageError(`MARKETPLACE_TIMEOUT must be a number of seconds, not "${text}"`);
  }
  return seconds;
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

/** `--api` (or MARKETPLACE_API) without its trailing slashes, if it is an http(s) URL. */
function serverUrl(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(
      `--api (or MARKETPLACE_API) must be the server's http(s) URL, like ${DEFAULT_API}, not "${text}"`,
    );
  }
  return text.replace(/\/+$/, '');
}

/** A JSON client for the marketplace API with its own session cookie, like one browser. */
export class ApiClient {
  private cookie: string | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly logger?: Logger,
    private readonly timeoutSeconds = requestTimeoutSeconds(),
  ) {
    this.baseUrl = serverUrl(baseUrl);
  }

  private timedOut(): CliError {
    return new CliError(
      `The server at ${this.baseUrl} did not answer within ${this.timeoutSeconds} s`,
    );
  }

  url(path: string, query: Query = {}): string {
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async request<T>(
    method: string,
    path: string,
    opts: { query?: Query; json?: unknown; form?: FormData } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    }
    const url = this.url(path, opts.query);
    const started = performance.now();
    let res: Response;
    let waitedLong = false;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const signal = AbortSignal.timeout(this.timeoutSeconds * 1000);
        res = await fetch(url, { method, headers, body, signal });
      } catch (error) {
        if (isTimeout(error)) throw this.timedOut();
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const reason = cause?.code ?? cause?.message ?? (error as Error).message;
        throw new CliError(
          `Could not reach the server at ${this.baseUrl} (${reason}); is it running?`,
        );
      }
      // A 429 changed nothing on the server. A short one (another check of this wallet under
      // way) is waited out and asked again, a few times; an abuse limit's wait of up to a
      // minute (sign-ins per wallet) once; a longer wait is the answer.
      if (res.status !== 429) break;
      const seconds = retryAfterSeconds(res.headers.get('retry-after'));
      if (!waitAgain(seconds, attempt, waitedLong)) break;
      waitedLong = seconds > SHORT_WAIT_S;
      await res.body?.cancel();
      note(`The server asks to wait ${seconds} s (rate limit); waiting...`);
      this.logger?.debug({ method, path, attempt, seconds }, 'rate limited; retrying');
      await new Promise((resolve) => setTimeout(resolve, Math.max(seconds * 1000, 200)));
    }
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      if (isTimeout(error)) throw this.timedOut();
      // The raw cause ("terminated", "other side closed") goes to the log, not to the person.
      this.logger?.debug({ err: error, method, path }, 'the answer was cut off');
      throw new CliError(
        `The server at ${this.baseUrl} closed the connection before it finished answering; ` +
          'run the command again (what it asked may have been done: check before repeating a payment)',
      );
    }
    this.logger?.debug(
      { method, path, status: res.status, ms: Math.round(performance.now() - started) },
      'api call',
    );
    if (!res.ok) throw new ApiError(errorMessage(res.status, res.statusText, text), res.status);
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new CliError(
          `The server at ${this.baseUrl} answered ${path} with something not JSON`,
        );
      }
    }
    return { body: parsed as T, headers: res.headers, status: res.status };
  }

  /**
   * One call of the contract (src/contracts): the URL from its path and query, its JSON body or
   * form, and the answer decoded into the domain's types. `headers` carries the paging cursor.
   */
  async call<E extends Endpoint>(
    e: E,
    input: { params?: ParamsIn<E>; query?: QueryIn<E>; body?: BodyIn<E>; form?: FormData } = {},
  ): Promise<{ value: AnswerOf<E>; headers: Headers }> {
    const path = pathOf(e, input.params) + queryString(input.query as Record<string, unknown>);
    const reply = await this.request<unknown>(e.method, path, {
      json: e.body && !e.multipart ? (input.body ?? {}) : undefined,
      form: input.form,
    });
    const decoded = z.safeParse(e.answer, reply.body ?? undefined);
    if (!decoded.success) {
      this.logger?.debug({ path, issues: decoded.error.issues }, 'unexpected answer');
      if ((reply.body as { jsonrpc?: unknown } | null)?.jsonrpc === '2.0') {
        throw new CliError(
          `${this.baseUrl} is a Solana node (it answers JSON-RPC), not the marketplace: --api takes the marketplace server's address`,
        );
      }
      throw new CliError(
        `The server at ${this.baseUrl} answered ${e.path} in a shape this CLI does not know; are both the same version?`,
      );
    }
    return { value: decoded.data as AnswerOf<E>, headers: reply.headers };
  }

  /** `call`, for its decoded answer only. */
  async send<E extends Endpoint>(
    e: E,
    input: { params?: ParamsIn<E>; query?: QueryIn<E>; body?: BodyIn<E>; form?: FormData } = {},
  ): Promise<AnswerOf<E>> {
    return (await this.call(e, input)).value;
  }
}

/** What an answer looks like on the wire: `--json` prints this, the API's own shape. */
export const wire = <E extends Endpoint>(e: E, value: AnswerOf<E>): unknown =>
  z.encode(e.answer, value);
