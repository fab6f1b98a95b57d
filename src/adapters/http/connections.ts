import type { Server } from 'node:http';
import type Koa from 'koa';
import { answerClientErrors } from './errors';

/**
 * Serves `koa` on `port` and `host`, once listening. An idle keep-alive connection stays open
 * 65 s (Node's default is 5 s): longer than a reverse proxy keeps its idle connections to the
 * server (nginx's upstream keepalive_timeout and the usual load balancers' 60 s), so the server
 * never closes one at the moment the proxy sends the next request on it, which the proxy would
 * answer with a 502. Headers must arrive within a second more, as Node advises (headersTimeout
 * above keepAliveTimeout). Malformed requests get a JSON answer (`answerClientErrors`).
 */
export async function listen(koa: Koa, port: number, host: string): Promise<Server> {
  const server = koa.listen(port, host);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}
