import type { Context, Next } from 'koa';
import type { Caller } from '../../app/context';
import type { UseCases } from '../../app/use-cases';

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

/**
 * Sets `ctx.state.site`: PUBLIC_URL's origin when it is configured, else the request's own.
 * The sign-in message names it, and browser writes from it are accepted.
 */
export function publicSite(publicUrl: string | undefined) {
  const configured = publicUrl ? new URL(publicUrl) : null;
  return async (ctx: Context, next: Next) => {
    ctx.state.site = configured
      ? { origin: configured.origin, host: configured.host }
      : { origin: ownOrigin(ctx), host: ctx.host };
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
