import '@testing-library/jest-dom/vitest';
import { Buffer } from 'buffer';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { api, handlers, newApiState } from './handlers';

globalThis.Buffer ??= Buffer;

/** The shared fake API: any request without a handler fails the test. */
export const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api.state = newApiState();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
