import { isIP } from 'node:net';
import type { Context, Next } from 'koa';
import type { Caller } from '../../app/context';
import type { UseCases } from '../../app/use-cases';
import { isLocalName, requestHost } from './known-hosts';

export const SESSION_COOKIE = 'mp_session';

export interface State {
  caller: Caller | null;
  /** The origin people use to reach the marketplace (see `publicSite`). */
  site: Site;
}

export interface Site {
  /** `https://shop.example` */
  origin: string;
  /** `shop.example` (with the port when it is not the scheme's own) */
  host: string;
  /**
   * Whether a sign-in message may name this site: PUBLIC_URL, a name of ALLOWED_HOSTS, this
   * machine's own names, or an IP address of this server's own (loopback, or the address the
   * connection came in on). Not another IP address: any machine could forward a request naming
   * its own address, and a wallet signing on that machine's page would see its domain match.
   */
  signIn: boolean;
}

/** Reads the session cookie into `ctx.state.caller` (null for a visitor). */
export function sessionReader(app: UseCases) {
  return async (ctx: Context, next: Next) => {
    ctx.state.caller = await app.auth.caller(ctx.cookies.get(SESSION_COOKIE));
    await next();
  };
}

/**
 * This server's own origin as the request reached it (Koa 3's ctx.origin is the header). With
 * a trusted proxy (Koa's `proxy`), X-Forwarded-Proto and X-Forwarded-Host count; else not.
 */
export const ownOrigin = (ctx: Context) => `${ctx.protocol}://${ctx.host}`;

/** '::ffff:127.0.0.1' -> '127.0.0.1': an IPv4 address as IPv6 sockets report it. */
const plainIp = (address: string) => address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');

const isLoopback = (ip: string) => ip === '::1' || /^127\./.test(ip);

/** Whether the request names an address of this very server (it reached it by that address). */
function ownAddress(ctx: Context, host: string): boolean {
  if (isIP(host) === 0) return false;
  const ip = plainIp(host);
  const local = ctx.req.socket.localAddress;
  return isLoopback(ip) || (local !== undefined && plainIp(local) === ip);
}

/**
 * Sets `ctx.state.site`: PUBLIC_URL's origin when it is configured, else the request's own.
 * The sign-in message names it (when `signIn`), and browser writes from it are accepted.
 */
export function publicSite(publicUrl: string | undefined, allowedHosts: readonly string[] = []) {
  const configured = publicUrl ? new URL(publicUrl) : null;
  const named = new Set(allowedHosts.map((h) => h.toLowerCase()));
  return async (ctx: Context, next: Next) => {
    if (configured) {
      ctx.state.site = { origin: configured.origin, host: configured.host, signIn: true };
    } else {
      const host = requestHost(ctx);
      ctx.state.site = {
        origin: ownOrigin(ctx),
        host: ctx.host,
        signIn: named.has(host) || isLocalName(host) || ownAddress(ctx, host),
      };
    }
    await next();
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write whose Origin names another site is refused, so a foreign page cannot ride the
 * cookie. Clients that send no Origin (the CLI, curl) are unaffected.
 */
export function sameOrigin(extraOrigins: readonly string[]) {
  return async (ctx: Context, next: Next) => {
    const origin = ctx.get('Origin');
    if (
      WRITES.has(ctx.method) &&
      origin &&
      origin !== ownOrigin(ctx) &&
      origin !== (ctx.state as State).site?.origin &&
      !extraOrigins.includes(origin)
    ) {
      ctx.status = 403;
      ctx.body = { error: 'Cross-site request refused' };
      return;
    }
    await next();
  };
}

export function setSessionCookie(ctx: Context, token: string, expires: Date) {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    expires,
    path: '/',
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Context) {
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    expires: new Date(0),
    path: '/',
  });
}
