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

/** A non-2xx answer; `message` follows spec section 8, `status` lets callers treat 404 apart. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const UNREADABLE_ANSWER = 'The server sent an unreadable answer';

/**
 * What a call needs besides its endpoint: path parameters when its path has some, a body when
 * it takes one. Query values may be left out (an absent value is not sent).
 */
export type CallInput<E extends Endpoint> = {
  query?: Partial<QueryIn<E>>;
  signal?: AbortSignal;
} & (Record<never, never> extends ParamsIn<E>
  ? { params?: ParamsIn<E> }
  : { params: ParamsIn<E> }) &
  (E['body'] extends z.ZodType ? { body: BodyIn<E> } : { body?: never });

/** The `error` field of a JSON answer, when it is a non-empty string. */
function errorField(json: unknown): string | null {
  if (!json || typeof json !== 'object' || !('error' in json)) return null;
  return typeof json.error === 'string' && json.error ? json.error : null;
}

/** Spec section 8 for a non-empty body: its JSON error field, else the text itself. */
export function messageFromBody(text: string): string {
  try {
    return errorField(JSON.parse(text)) ?? text;
  } catch {
    return text; // not JSON: the text itself is the message
  }
}

/**
 * Spec section 8: the JSON error field, else the response text, else the status text. A page of
 * HTML (a proxy's or a gateway's error page: "502 Bad Gateway") is no message for a person: its
 * status text stands in for it.
 */
export async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  if (text && !isHtmlPage(response.headers.get('content-type'), text)) {
    return messageFromBody(text);
  }
  return response.statusText || `Request failed with status ${response.status}`;
}

/** An answer that is a web page (a proxy's error page), not a message: its status text speaks. */
export const isHtmlPage = (contentType: string | null, text: string) =>
  (contentType ?? '').includes('text/html') || /^\s*<(!doctype|html|head|body)\b/i.test(text);

/** The call's URL: its path with the parameters filled in, and its query string. */
export function urlOf(e: Endpoint, input: { params?: unknown; query?: unknown }): string {
  // CallInput typed both per endpoint; here they are only filled into the URL.
  const params = input.params as Record<string, string | number> | undefined;
  return pathOf(e, params) + queryString(input.query as Record<string, unknown> | undefined);
}

/**
 * A 2xx answer's text as the domain's value, decoded with the endpoint's codec. Spec section 7:
 * an answer may carry an error field, which fails the call with that message.
 */
export function readAnswer<E extends Endpoint>(e: E, status: number, text: string): AnswerOf<E> {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(status, UNREADABLE_ANSWER);
  }
  const carried = errorField(json);
  if (carried) throw new ApiError(status, carried);
  // For a codec, parsing is decoding (wire -> domain), and it accepts an unknown value.
  const decoded = z.safeParse<E['answer']>(e.answer, json);
  if (!decoded.success) throw new ApiError(status, UNREADABLE_ANSWER);
  return decoded.data;
}

/** One call: every one carries the session cookie (credentials: 'include'). */
export async function exchange<E extends Endpoint>(
  e: E,
  input: CallInput<E>,
): Promise<{ answer: AnswerOf<E>; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(urlOf(e, input), {
    method: e.method,
    credentials: 'include',
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    signal: input.signal,
  });
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  const answer = readAnswer(e, response.status, await response.text());
  return { answer, headers: response.headers };
}

/** Sends a call of the contract and answers the domain's value. */
export const call = async <E extends Endpoint>(e: E, input: CallInput<E>) =>
  (await exchange(e, input)).answer;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
