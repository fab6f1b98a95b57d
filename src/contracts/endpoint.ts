import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP call: what the server accepts (params, query, body: parsed at the edge into typed
 * input) and what it answers (a codec between the domain's entities and the wire). The web app
 * and the CLI build requests from the same definition and decode answers with it.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType | null = z.ZodType | null,
  A extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Koa-style pattern: `/api/products/:id`. */
  path: string;
  params: P;
  query: Q;
  /** The JSON body, or null when the call takes none (or, with `multipart`, the form fields). */
  body: B;
  /** A multipart form: `body` describes its text fields; files ride beside them. */
  multipart?: boolean;
  answer: A;
  /**
   * What the answer's codec encodes, without its checks: for answers read often (the
   * catalogue's pages), where what the handler returns is typed and the database guarantees the
   * rest. Its output must equal `z.encode(answer, value)`, key for key (a contract test pins it).
   */
  encode?(answer: z.output<A>): z.input<A>;
  /** The success status (200 unless said). */
  status?: number;
  /** Pages are cut with `limit` and a cursor; the next one is named in this header. */
  pagedBy?: 'X-Next-Cursor';
  /** A row of the spec's calls table (SPEC.md section 7): its shape must never change. */
  spec: boolean;
  /** One line for people: what the call is for. */
  summary: string;
}

export const endpoint = <
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType | null,
  A extends z.ZodType,
>(
  e: Endpoint<P, Q, B, A>,
) => e;

/** What a client passes for the path (`{ id: 12 }`), the query and the JSON body. */
export type ParamsIn<E extends Endpoint> = { [K in keyof z.input<E['params']>]: string | number };
export type QueryIn<E extends Endpoint> = z.input<E['query']>;
export type BodyIn<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** What the server's handler receives, parsed. */
export type ParamsOf<E extends Endpoint> = z.output<E['params']>;
export type QueryOf<E extends Endpoint> = z.output<E['query']>;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : never;
/** The answer as the code works with it (decoded), and as it travels. */
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;
export type WireAnswerOf<E extends Endpoint> = z.input<E['answer']>;

/** `/api/products/:id` with `{ id: 12 }` -> `/api/products/12` (each value URL-encoded). */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}) {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (leading `?` included; empty values left out). */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
