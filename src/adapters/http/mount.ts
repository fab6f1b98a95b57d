import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { Caller } from '../../app/context';
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from '../../contracts/endpoint';
import { problemOf } from '../../contracts/fields';
import { validation } from '../../domain/errors';

/** An answer with more than a body: a status other than the call's, headers. */
export class Reply<T> {
  constructor(
    readonly body: T,
    readonly opts: { status?: number; headers?: Record<string, string> } = {},
  ) {}
}

/**
 * An answer already in its wire form, as JSON text (a page the database encoded, see
 * ProductRepository.listEncoded): sent as it is, not encoded again.
 */
export class WireJson {
  constructor(readonly text: string) {}
}

/** A page the store encoded: its JSON text, and the cursor of the next page in its header. */
export const encodedPage = (result: { json: string; nextCursor: string | null }) =>
  new Reply(new WireJson(result.json), {
    headers: result.nextCursor ? { 'X-Next-Cursor': result.nextCursor } : {},
  });

/** A page of a paged call: the items, and the cursor of the next page in its header. */
export const page = <T>(result: { items: T[]; nextCursor: string | null }) =>
  new Reply(result.items, {
    headers: result.nextCursor ? { 'X-Next-Cursor': result.nextCursor } : {},
  });

export interface Request<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: Caller | null;
  ctx: Context;
}

type Answer<E extends Endpoint> = AnswerOf<E> | Reply<AnswerOf<E>> | Reply<WireJson>;
type Handler<E extends Endpoint> = (req: Request<E>) => Promise<Answer<E>> | Answer<E>;

/** `input` by `schema`, or a 400 naming the field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validation(problemOf(result.error));
  return result.data;
}

/**
 * Mounts one call of the contract: its params, query and body are parsed at the edge (a bad
 * one is a 400 naming the field), the handler gets them typed, and its answer is encoded to
 * the wire shape the contract states (by the call's own unchecked encoder if it has one).
 */
export function mount<E extends Endpoint>(
  router: Router,
  e: E,
  handler: Handler<E>,
  ...before: Middleware[]
) {
  const run: Middleware = async (ctx) => {
    const req: Request<E> = {
      params: parse(e.params, ctx.params) as ParamsOf<E>,
      query: parse(e.query, ctx.query) as QueryOf<E>,
      body: (e.body ? parse(e.body, ctx.request.body ?? {}) : undefined) as BodyOf<E>,
      caller: (ctx.state.caller as Caller | null | undefined) ?? null,
      ctx,
    };
    const result = await handler(req);
    const reply = result instanceof Reply ? result : new Reply(result);
    for (const [name, value] of Object.entries(reply.opts.headers ?? {})) ctx.set(name, value);
    ctx.status = reply.opts.status ?? e.status ?? 200;
    if (reply.body instanceof WireJson) {
      ctx.type = 'application/json';
      ctx.body = reply.body.text;
    } else if (ctx.status !== 204) {
      ctx.body = e.encode ? e.encode(reply.body) : z.encode(e.answer, reply.body);
    }
  };
  const verb = e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  router[verb](e.path, ...before, run);
}
