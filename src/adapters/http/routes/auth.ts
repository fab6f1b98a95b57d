import Router from '@koa/router';
import type { UseCases } from '../../../app/use-cases';
import { jsonBody } from '../params';
import { clearSessionCookie, ownOrigin, SESSION_COOKIE, setSessionCookie } from '../session';

export function authRoutes(app: UseCases) {
  const router = new Router({ prefix: '/api/auth' });

  router.post('/challenge', async (ctx) => {
    const body = jsonBody(ctx);
    ctx.body = await app.auth.challenge({
      walletAddress: body.walletAddress,
      domain: ctx.host,
      uri: ownOrigin(ctx),
    });
  });

  router.post('/verify', async (ctx) => {
    const body = jsonBody(ctx);
    const signedIn = await app.auth.verify({
      walletAddress: body.walletAddress,
      message: body.message,
      signature: body.signature,
    });
    setSessionCookie(ctx, signedIn.token, signedIn.expiresAt);
    ctx.body = { user: signedIn.user, isAdmin: signedIn.isAdmin };
  });

  router.get('/session', async (ctx) => {
    const caller = ctx.state.caller;
    if (!caller) {
      ctx.status = 401;
      ctx.body = { error: 'Not signed in' };
      return;
    }
    ctx.body = caller;
  });

  router.post('/logout', async (ctx) => {
    await app.auth.signOut(ctx.cookies.get(SESSION_COOKIE));
    clearSessionCookie(ctx);
    ctx.status = 204;
  });

  return router;
}
