import Router from '@koa/router';
import type { UseCases } from '../../../app/use-cases';
import { caller, idParam, jsonBody } from '../params';

export function userRoutes(app: UseCases) {
  const router = new Router({ prefix: '/api' });

  router.get('/users/wallet/:walletAddress', async (ctx) => {
    ctx.body = await app.users.byWallet(ctx.params.walletAddress!);
  });

  router.get('/users/:id', async (ctx) => {
    ctx.body = await app.users.byId(idParam(ctx.params.id, 'user id'));
  });

  router.post('/users', async (ctx) => {
    const body = jsonBody(ctx);
    ctx.body = await app.users.create(caller(ctx), {
      walletAddress: body.walletAddress,
      username: body.username,
    });
    ctx.status = 201;
  });

  router.get('/admin/check/:walletAddress', async (ctx) => {
    ctx.body = { isAdmin: app.auth.isAdmin(ctx.params.walletAddress!) };
  });

  router.get('/escrow/wallet', async (ctx) => {
    ctx.body = { walletAddress: app.deps.escrowWallet };
  });

  return router;
}
