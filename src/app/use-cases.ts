import { makeAuth } from './auth';
import type { Deps } from './context';
import { makeOrders } from './orders';
import { makePayments } from './payments';
import { makeProducts } from './products';
import { makePurchase } from './purchase';
import { makeReconcile } from './reconcile';
import { makeUsers } from './users';

/** Every use case, built from the same dependencies. */
export function makeUseCases(deps: Deps) {
  return {
    deps,
    auth: makeAuth(deps),
    users: makeUsers(deps),
    products: makeProducts(deps),
    purchase: makePurchase(deps),
    orders: makeOrders(deps),
    payments: makePayments(deps),
    reconcile: makeReconcile(deps),
  };
}

export type UseCases = ReturnType<typeof makeUseCases>;
