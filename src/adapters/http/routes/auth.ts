import { contractRouter } from '../router';
import type { UseCases } from '../../../app/use-cases';
import * as auth from '../../../contracts/auth';
import { DomainError } from '../../../domain/errors';
import { mount } from '../mount';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../session';

export function authRoutes(app: UseCases) {
  const router = contractRouter();
  // The message names the public host and origin (PUBLIC_URL behind a proxy), as the wallet sees it.
  // Asked as another machine's IP address: a page there must not get a message naming it, which
  // its visitor's wallet would find matching (421, as for a name the server does not answer for).
  router.post(auth.challenge.path, async (ctx, next) => {
    const site = ctx.state.site;
    if (site.signIn) return next();
    ctx.status = 421;
    ctx.body = {
      error: `Sign-in is offered only at this server's own name or address, not at ${site.host}: set PUBLIC_URL to the address people use`,
    };
  });
  mount(router, auth.challenge, ({ body, ctx }) =>
    app.auth.challenge({
      walletAddress: body.walletAddress,
      domain: ctx.state.site.host,
      uri: ctx.state.site.origin,
    }),
  );
  mount(router, auth.verify, async ({ body, ctx }) => {
    const signedIn = await app.auth.verify(body);
    setSessionCookie(ctx, signedIn.token, signedIn.expiresAt);
    return { user: signedIn.user, isAdmin: signedIn.isAdmin };
  });
  mount(router, auth.session, ({ caller }) => {
    if (!caller) throw new DomainError('unauthenticated', 'Not signed in');
    return caller;
  });
  mount(router, auth.logout, async ({ ctx }) => {
    await app.auth.signOut(ctx.cookies.get(SESSION_COOKIE));
    clearSessionCookie(ctx);
    return undefined;
  });
  return router;
}
