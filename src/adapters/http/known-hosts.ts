import { isIP } from 'node:net';
import type { Context, Next } from 'koa';

/** The host a request names, lower case, without port, IPv6 brackets or a final dot. */
export const requestHost = (ctx: Context) =>
  // Koa's hostname: without the port (IPv6 in brackets), X-Forwarded-Host if trusted.
  ctx.hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** This machine's own names: localhost and its subdomains. */
export const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Paths that answer whatever the Host: probes and scrapers address a server by any name. */
const ANY_HOST = (path: string) => path.startsWith('/api/health/') || path === '/metrics';

/**
 * Answers only for the names people reach it by: PUBLIC_URL's host, ALLOWED_HOSTS, this
 * machine's own names (localhost, *.localhost) and any IP address. A request naming another
 * host is refused with 421 before it reads or writes anything: a page on a domain re-pointed at
 * this machine (DNS rebinding) cannot read its API, and a phishing site cannot fetch a sign-in
 * message that names its own domain (the message names the host it was asked for; an IP address
 * only when it is this server's own, see `publicSite`).
 */
export function knownHosts(opts: { publicUrl?: string; allowedHosts?: readonly string[] }) {
  const named = new Set((opts.allowedHosts ?? []).map((h) => h.toLowerCase()));
  if (opts.publicUrl) named.add(new URL(opts.publicUrl).hostname.toLowerCase());
  const known = (host: string) =>
    host === '' || isLocalName(host) || isIP(host) !== 0 || named.has(host);
  return async (ctx: Context, next: Next) => {
    const host = requestHost(ctx);
    if (known(host) || ANY_HOST(ctx.path)) return next();
    ctx.status = 421;
    ctx.body = {
      error: `This server does not answer for ${host}: set PUBLIC_URL or ALLOWED_HOSTS to the name people use`,
    };
  };
}
