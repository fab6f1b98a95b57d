import '@testing-library/jest-dom/vitest';
import { Buffer } from 'buffer';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { forgetEarly } from '@web/api/early';
import { api, handlers, newApiState } from './handlers';

globalThis.Buffer ??= Buffer;

// The Phantom and Solflare adapters poll for their extension every second, forever, when it is
// absent (as in a test page). Those intervals would outlive the page and fire after happy-dom's
// window is gone, so the file's intervals are cleared when it ends.
const intervals = new Set<ReturnType<typeof setInterval>>();
const realSetInterval = globalThis.setInterval;
globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
  const id = realSetInterval(...args);
  intervals.add(id);
  return id;
}) as typeof setInterval;

/** The shared fake API: any request without a handler fails the test. */
export const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api.state = newApiState();
  localStorage.clear();
  forgetEarly();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  for (const id of intervals) clearInterval(id);
});
