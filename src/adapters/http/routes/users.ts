import { contractRouter } from '../router';
import type { UseCases } from '../../../app/use-cases';
import * as users from '../../../contracts/users';
import { mount } from '../mount';

export function userRoutes(app: UseCases) {
  const router = contractRouter();
  mount(router, users.getUserByWallet, ({ params }) => app.users.byWallet(params.walletAddress));
  mount(router, users.getUser, ({ params }) => app.users.byId(params.id));
  mount(router, users.createUser, ({ caller, body }) => app.users.create(caller, body));
  mount(router, users.getAdminCheck, ({ params }) => ({
    isAdmin: app.auth.isAdmin(params.walletAddress),
  }));
  mount(router, users.getEscrowWallet, () => ({ walletAddress: app.meta.escrowWallet() }));
  return router;
}
