import type { Context } from 'koa';
import { validation } from '../../domain/errors';

/** A positive whole-number path or query parameter, or a 400 naming it. */
export function idParam(value: unknown, what: string): number {
  const text = String(value ?? '');
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) {
    throw validation(`Invalid ${what}`);
  }
  return Number(text);
}

/** The JSON body as an object; anything else (an array, a string) is a 400. */
export function jsonBody(ctx: Context): Record<string, unknown> {
  const body: unknown = ctx.request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validation('Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export const caller = (ctx: Context) => ctx.state.caller ?? null;
