import { HttpResponse, type JsonBodyType } from 'msw';
import { z } from 'zod';
import type { AnswerOf, Endpoint } from '@src/contracts/endpoint';

/*
 * The fake server keeps the domain's entities and answers in the wire shape by encoding them
 * with the call's codec, so a fixture cannot drift from the contract.
 */

const overrides = new WeakMap<object, Record<string, unknown>>();

/**
 * Sends `fixture` with wire fields the codec would never write (a stored value that cannot be
 * read, a legacy format), to test how the app reads them.
 */
export function withWire<T extends object>(fixture: T, wire: Record<string, unknown>): T {
  overrides.set(fixture, wire);
  return fixture;
}

function applyOverrides(value: unknown, encoded: unknown): unknown {
  if (Array.isArray(value) && Array.isArray(encoded)) {
    return encoded.map((item, i) => applyOverrides(value[i], item));
  }
  const wire = value && typeof value === 'object' ? overrides.get(value) : undefined;
  return wire ? { ...(encoded as object), ...wire } : encoded;
}

/** The answer of call `e` as the server sends it. */
export function wire<E extends Endpoint>(e: E, value: AnswerOf<E>): JsonBodyType {
  return applyOverrides(value, z.encode<E['answer']>(e.answer, value)) as JsonBodyType;
}

/** An msw JSON reply to call `e` carrying `value` in the wire shape. */
export const reply = <E extends Endpoint>(e: E, value: AnswerOf<E>, init?: ResponseInit) =>
  HttpResponse.json(wire(e, value), init);
