import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';

/** The origins a browser talks to for `rpcUrl`: its HTTP origin, and its WebSocket origin as
 * web3.js derives it (ws/wss on the next port when one is given). */
export function rpcOrigins(rpcUrl: string): string[] {
  const http = new URL(rpcUrl);
  const ws = new URL(rpcUrl);
  ws.protocol = http.protocol === 'https:' ? 'wss:' : 'ws:';
  if (http.port) ws.port = String(Number(http.port) + 1);
  return [http.origin, ws.origin];
}

/** Solflare's SDK opens its web wallet in a frame from here when the extension is absent. */
const WALLET_FRAMES = ['https://connect.solflare.com'];

function headers(rpcUrl: string, https: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Radix and react-remove-scroll insert <style> elements while a dialog is open; their
        // content changes with the page, so neither a hash nor (without editing them) a nonce.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...rpcOrigins(rpcUrl)],
        frameSrc: WALLET_FRAMES,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Wallets may open a popup and talk back to the page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

/**
 * Security headers on every response (helmet): a strict CSP for the SPA (scripts from this
 * origin only, connections to it and to the chain's RPC), no framing by anyone, and HSTS only
 * when the public origin is https (`ctx.state.site`, set before this runs).
 */
export function securityHeaders(rpcUrl: string) {
  const plain = headers(rpcUrl, false);
  const secure = headers(rpcUrl, true);
  return (ctx: Context, next: Next) => {
    const https = ctx.secure || String(ctx.state.site?.origin).startsWith('https:');
    return (https ? secure : plain)(ctx, next);
  };
}
