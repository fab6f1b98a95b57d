import type { Context, Middleware, Next } from 'koa';
import { requireCaller, type Caller } from '../../app/context';
import { dataUrlSize } from '../../app/products/data-url';
import { readImageField } from '../../contracts/image-field';
import { clientAddressKey } from './client-address';

export { UPLOADS_AT_ONCE } from '../../domain/limits';

/**
 * A body that declares at most this many bytes is not counted against the cap: the reader stops
 * at the declared length, so it costs what any small write costs (a listing without photos).
 */
export const SMALL_BODY_BYTES = 64 * 1024;

/**
 * Declared small, and read as sent. A body without a length (chunked) could be any size, and a
 * compressed one (Content-Encoding) is inflated up to the route's limit whatever its length
 * says: both count.
 */
function declaredSmall(ctx: Context): boolean {
  const declared = ctx.request.length;
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  return declared !== undefined && declared <= SMALL_BODY_BYTES && encoding === 'identity';
}

/**
 * The gate in front of the large bodies (a listing's photos, an order's files): each is held in
 * memory while its request is handled, so it is read only for a signed-in caller (an anonymous
 * one gets its 401 before a byte is read), after `admit` (each route's own rule: the order's
 * parties, say), and with at most `perAddress` large ones at once from one client address
 * (unset: no cap; `RATE_LIMITS=off`). One gate counts every route it wraps.
 */
export function uploadGate(
  perAddress: number | undefined,
  budget?: { spend(ctx: Context, wallet: string, bytes: number): Promise<boolean> },
) {
  const reading = new Map<string, number>();
  return (read: Middleware, admit?: (ctx: Context) => Promise<void>): Middleware => {
    // Once read, before the call stores anything: what it received counts against the budget.
    const body: Middleware = budget
      ? (ctx, next) =>
          read(ctx, async () => {
            const caller = ctx.state.caller as Caller;
            if (await budget.spend(ctx, caller.walletAddress, receivedBytes(ctx))) await next();
          })
      : read;
    return async (ctx: Context, next: Next) => {
      requireCaller((ctx.state.caller as Caller | null | undefined) ?? null);
      if (admit) await admit(ctx);
      if (perAddress === undefined || declaredSmall(ctx)) return body(ctx, next);
      const address = clientAddressKey(ctx.ip);
      const held = reading.get(address) ?? 0;
      if (held >= perAddress) {
        ctx.status = 429;
        ctx.set('Retry-After', '5');
        ctx.body = {
          error: `Too many uploads at once from this address (at most ${perAddress}); wait for one to finish`,
        };
        return;
      }
      reading.set(address, held + 1);
      try {
        await body(ctx, next);
      } finally {
        const left = (reading.get(address) ?? 1) - 1;
        if (left > 0) reading.set(address, left);
        else reading.delete(address);
      }
    };
  };
}

/**
 * The bytes of the files (multipart) and of a listing's new photos (the `data:` URLs of its JSON
 * `imageUrl`, decoded) a request carried. The photos a listing keeps (its /uploads URLs) are
 * stored already: an edit that keeps them costs nothing.
 */
function receivedBytes(ctx: Context): number {
  const files = Object.values(ctx.request.files ?? {}).flat() as { size?: number }[];
  const images = (ctx.request.body as { imageUrl?: unknown } | undefined)?.imageUrl;
  const photos = typeof images === 'string' ? (readImageField(images) ?? []) : [];
  return (
    files.reduce((sum, file) => sum + (file.size ?? 0), 0) +
    photos.reduce((sum, url) => sum + dataUrlSize(url), 0)
  );
}
