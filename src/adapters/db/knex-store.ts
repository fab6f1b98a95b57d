import type { Knex } from 'knex';
import { UnavailableError } from '../../app/errors';
import type { Repositories, Store } from '../../app/ports';
import { guard, isDriverError, translateDbError } from './db-errors';
import { KnexNonceRepository, KnexSessionRepository } from './knex-auth-repositories';
import { KnexChainHistory } from './knex-chain-history';
import { KnexOrderRepository } from './knex-order-repository';
import {
  KnexEventRepository,
  KnexNotificationRepository,
  KnexReviewRepository,
} from './knex-reputation-repositories';
import {
  KnexDisputeRepository,
  KnexMessageRepository,
  KnexPayoutAttemptRepository,
  KnexPayoutRepository,
} from './knex-protection-repositories';
import { KnexPaymentRepository } from './knex-payment-repository';
import { KnexProductRepository } from './knex-product-repository';
import { KnexSignatureRegistry } from './knex-signature-registry';
import { KnexUserRepository } from './knex-user-repository';
import { rememberedSessions, sessionMemory, type SessionMemory } from './remembered-sessions';

/**
 * Every repository, each running its queries on `db` (the knex, or one transaction). The
 * Objection models are never bound globally (no `Model.knex()`): repositories pass `db` to
 * `Model.query(db)`, so a model query that forgot its transaction fails at once instead of
 * waiting for PGlite's single connection.
 */
export function createRepositories(
  db: Knex | Knex.Transaction,
  sessions?: SessionMemory,
): Repositories {
  const sessionRepository = new KnexSessionRepository(db);
  const inTransaction = 'commit' in db;
  return {
    users: new KnexUserRepository(db),
    products: new KnexProductRepository(db),
    orders: new KnexOrderRepository(db),
    payments: new KnexPaymentRepository(db),
    signatures: new KnexSignatureRegistry(db),
    sessions: sessions
      ? rememberedSessions(sessionRepository, sessions, { inTransaction })
      : sessionRepository,
    nonces: new KnexNonceRepository(db),
    disputes: new KnexDisputeRepository(db),
    messages: new KnexMessageRepository(db),
    payouts: new KnexPayoutRepository(db),
    payoutAttempts: new KnexPayoutAttemptRepository(db),
    reviews: new KnexReviewRepository(db),
    notifications: new KnexNotificationRepository(db),
    events: new KnexEventRepository(db),
    chainHistory: new KnexChainHistory(db),
  };
}

/**
 * The Store over a knex. `transaction(work)` commits when `work` resolves and rolls back when
 * it throws; the repositories it hands out are bound to that transaction, which matters on
 * PGlite (one connection: a query outside the transaction would wait for it forever).
 * `close()` destroys the knex.
 */
export function createStore(knex: Knex, opts: { soleWriter?: boolean } = {}): Store {
  // Only this process writes the database (embedded PGlite): sessions can be remembered.
  const sessions = opts.soleWriter ? sessionMemory() : undefined;
  return {
    ...createRepositories(knex, sessions),
    transaction: async (work) => {
      try {
        return await knex.transaction((trx) => work(createRepositories(trx, sessions)));
      } catch (error) {
        // What `work` throws passes through as it is; a failing commit or a database that
        // is down is translated.
        const translated = translateDbError(error);
        throw isDriverError(error) || translated instanceof UnavailableError ? translated : error;
      }
    },
    ping: () =>
      guard(async () => {
        await knex.raw('select 1');
      }),
    close: () => knex.destroy(),
  };
}
