import type { Repositories, Store } from '../../app/ports';
import { MemoryDatabase, type Scope } from './memory-database';
import { MemoryNonceRepository } from './memory-nonce-repository';
import { MemoryOrderRepository } from './memory-order-repository';
import { MemoryPaymentRepository } from './memory-payment-repository';
import { MemoryChainHistory } from './memory-chain-history';
import { MemoryEventRepository } from './memory-events';
import { MemoryProductRepository } from './memory-product-repository';
import {
  MemoryNotificationRepository,
  MemoryReviewRepository,
} from './memory-reputation-repositories';
import {
  MemoryDisputeRepository,
  MemoryMessageRepository,
  MemoryPayoutAttemptRepository,
  MemoryPayoutRepository,
} from './memory-protection-repositories';
import { MemorySessionRepository } from './memory-session-repository';
import { MemorySignatureRegistry } from './memory-signature-registry';
import { MemoryUserRepository } from './memory-user-repository';
import { refusingNul } from './parameters';

function createRepositories(db: MemoryDatabase, scope: Scope): Repositories {
  const guarded = <T extends object>(repository: T) => refusingNul(repository, scope);
  const oneStep = <T>(work: (r: Repositories) => Promise<T>): Promise<T> =>
    scope === db.autocommit
      ? db.transaction((own) => work(createRepositories(db, own)))
      : work(repos);
  const repos: Repositories = {
    users: guarded(new MemoryUserRepository(db, scope)),
    products: guarded(new MemoryProductRepository(db, scope)),
    orders: guarded(new MemoryOrderRepository(db, scope, oneStep)),
    payments: guarded(new MemoryPaymentRepository(db, scope)),
    signatures: guarded(new MemorySignatureRegistry(scope)),
    sessions: guarded(new MemorySessionRepository(scope)),
    nonces: guarded(new MemoryNonceRepository(scope)),
    disputes: guarded(new MemoryDisputeRepository(db, scope)),
    messages: guarded(new MemoryMessageRepository(db, scope)),
    payouts: guarded(new MemoryPayoutRepository(db, scope)),
    payoutAttempts: guarded(new MemoryPayoutAttemptRepository(db, scope)),
    reviews: guarded(new MemoryReviewRepository(db, scope)),
    notifications: guarded(new MemoryNotificationRepository(db, scope)),
    events: guarded(new MemoryEventRepository(scope)),
    chainHistory: guarded(new MemoryChainHistory(scope)),
  };
  return repos;
}

/**
 * The Store in memory, behaving as the knex store does wherever a caller could tell: the same
 * constraints and errors, guarded updates, transactions that commit or leave nothing, newest-
 * first paging with the same cursors. For tests of the layers above and for trying things out;
 * nothing survives the process. Pass a MemoryDatabase to look at its tables from a test.
 */
export function createMemoryStore(db: MemoryDatabase = new MemoryDatabase()): Store {
  return {
    ...createRepositories(db, db.autocommit),
    transaction: (work) => db.transaction((scope) => work(createRepositories(db, scope))),
    ping: async () => db.ping(),
    close: async () => db.close(),
  };
}
