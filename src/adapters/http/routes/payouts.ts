import { contractRouter } from '../router';
import type { UseCases } from '../../../app/use-cases';
import * as payouts from '../../../contracts/payouts';
import { mount } from '../mount';

export function payoutRoutes(app: UseCases) {
  const router = contractRouter();
  mount(router, payouts.payoutsDue, ({ caller, query }) =>
    app.payouts.due(caller, query.walletAddress),
  );
  mount(router, payouts.reservePayout, ({ caller, params, query, body }) =>
    app.payouts.reserve(caller, query.walletAddress, params.id, body),
  );
  mount(router, payouts.recordPayout, ({ caller, params, query, body }) =>
    app.payouts.record(caller, query.walletAddress, params.id, body.signature),
  );
  mount(router, payouts.recoverPayout, ({ caller, params, query }) =>
    app.payouts.recover(caller, query.walletAddress, params.id),
  );
  return router;
}
