import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@cli/lib/api-client';

/** A server whose answers a test lines up: each request takes the next one. */
let server: Server;
let baseUrl: string;
let answers: { status: number; retryAfter?: string }[] = [];
let seen = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    seen += 1;
    const next = answers.shift() ?? { status: 200 };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (next.retryAfter !== undefined) headers['retry-after'] = next.retryAfter;
    res.writeHead(next.status, headers);
    res.end(JSON.stringify(next.status === 200 ? { ok: true } : { error: 'Slow down' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const start = (lined: typeof answers) => {
  answers = lined;
  seen = 0;
};

describe('the CLI API client on 429', () => {
  it('waits out a short Retry-After and asks again, until it gets through', async () => {
    start([
      { status: 429, retryAfter: '0' },
      { status: 429, retryAfter: '0' },
    ]);
    const reply = await new ApiClient(baseUrl).request('POST', '/api/orders');
    expect(reply.status).toBe(200);
    expect(seen).toBe(3);
  });

  it('answers a wait of over a minute at once, with the server’s message', async () => {
    start([{ status: 429, retryAfter: '61' }]);
    await expect(new ApiClient(baseUrl).request('POST', '/api/orders')).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining('Slow down'),
    });
    expect(seen).toBe(1);
  });

  it('waits out an abuse limit’s wait of up to a minute once, then reports the 429', async () => {
    start([
      { status: 429, retryAfter: '6' },
      { status: 429, retryAfter: '0' },
    ]);
    await expect(new ApiClient(baseUrl).request('POST', '/api/auth/verify')).rejects.toMatchObject({
      status: 429,
    });
    expect(seen).toBe(2);
  }, 15_000);

  it('gives up after a few tries and reports the 429', async () => {
    start(Array.from({ length: 10 }, () => ({ status: 429, retryAfter: '0' })));
    await expect(new ApiClient(baseUrl).request('GET', '/api/products')).rejects.toMatchObject({
      status: 429,
    });
    expect(seen).toBe(6);
  });
});

describe('the CLI API client when the answer is cut off', () => {
  it('says the server closed the connection, not the HTTP library’s word for it', async () => {
    const cutting = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"half":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(cutting.address() as AddressInfo).port}`;
    try {
      await expect(new ApiClient(url).request('GET', '/api/products')).rejects.toThrow(
        `The server at ${url} closed the connection before it finished answering`,
      );
    } finally {
      await new Promise((resolve) => cutting.close(resolve));
    }
  });
});
