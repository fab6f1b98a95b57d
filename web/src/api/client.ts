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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as is (multipart uploads). */
  body?: FormData;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
}

/** Spec section 8 for a non-empty body: its JSON error field, else the text itself. */
export function messageFromBody(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const error = (parsed as { error: unknown }).error;
      if (typeof error === 'string' && error) return error;
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return text;
}

/** Spec section 8: the JSON error field, else the response text, else the status text. */
export async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  if (text) return messageFromBody(text);
  return response.statusText || `Request failed with status ${response.status}`;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Every call carries the session cookie (credentials: 'include'). */
export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
  });
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  return response;
}

/** Sends and parses the JSON answer (undefined for 204). */
export async function request<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
