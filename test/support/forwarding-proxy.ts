import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyOptions {
  /** The Host the proxy passes on (its public name), like nginx's `proxy_set_header Host`. */
  host: string;
  /** X-Forwarded-Proto: the scheme the browser used to reach the proxy. */
  proto: 'https' | 'http';
  /** X-Forwarded-For: the client address the proxy saw (default 203.0.113.7). */
  clientIp?: string;
}

/**
 * A reverse proxy in front of `target` as an operator sets one up: it terminates "https",
 * passes `Host` on and adds X-Forwarded-Proto, X-Forwarded-Host and X-Forwarded-For. A client
 * may name its own address with an `x-test-client-ip` header (several clients, one proxy).
 */
export async function startForwardingProxy(target: string, opts: ProxyOptions) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const { 'x-test-client-ip': ip, ...headers } = req.headers;
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: {
          ...headers,
          host: opts.host,
          'x-forwarded-proto': opts.proto,
          'x-forwarded-host': opts.host,
          'x-forwarded-for': String(ip ?? opts.clientIp ?? '203.0.113.7'),
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
