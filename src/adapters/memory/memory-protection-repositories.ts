import type {
  DisputeRepository,
  MessageRepository,
  NewDispute,
  NewMessage,
  NewPayout,
  NewPayoutAttempt,
  PayoutAttemptRepository,
  PayoutRepository,
} from '../../app/ports';
import type { Dispute, OrderMessage, Payout, PayoutAttempt } from '../../domain/entities';
import { DISPUTE_REASONS } from '../../domain/dispute';
import {
  missingReference,
  payoutPlannedOnOldStatus,
  uniqueViolation,
} from '../schema/constraint-errors';
import { checks, int4, int8, timestamp } from './columns';
import type { MemoryDatabase, Scope } from './memory-database';
import { emit } from './memory-events';
import { frozen, type Tables } from './tables';

const ACTIONS: readonly string[] = ['release', 'refund', 'split'];

function orderMustExist(tables: Tables, orderId: number, table: string) {
  if (!tables.orders.has(int4(orderId))) {
    throw missingReference('order_id', `${table}_order_id_fkey`);
  }
}

/** disputes: at most one per order, as the unique key says. */
export class MemoryDisputeRepository implements DisputeRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  open(input: NewDispute): Promise<Dispute> {
    return this.scope.write((tables) => {
      checks({
        disputes_opened_by_valid: ['buyer', 'seller'].includes(input.openedBy),
        disputes_reason_valid: (DISPUTE_REASONS as readonly string[]).includes(input.reason),
      });
      orderMustExist(tables, input.orderId, 'disputes');
      if ([...tables.disputes.values()].some((d) => d.orderId === input.orderId)) {
        throw uniqueViolation('disputes_order_key');
      }
      const dispute: Dispute = {
        id: this.db.nextId('disputes'),
        orderId: input.orderId,
        openedBy: input.openedBy,
        reason: input.reason,
        openedAt: timestamp(this.scope.now()),
        resolution: null,
        sellerLamports: null,
        buyerLamports: null,
        resolvedAt: null,
      };
      tables.disputes.set(dispute.id, frozen(dispute));
      return { ...dispute };
    });
  }

  async findByOrder(orderId: number): Promise<Dispute | null> {
    const found = [...this.scope.read().disputes.values()].find((d) => d.orderId === orderId);
    return found ? { ...found } : null;
  }

  resolve(
    orderId: number,
    outcome: Pick<Dispute, 'resolution' | 'sellerLamports' | 'buyerLamports' | 'resolvedAt'>,
  ): Promise<Dispute | null> {
    return this.scope.write((tables) => {
      const found = [...tables.disputes.values()].find(
        (d) => d.orderId === orderId && d.resolution === null,
      );
      if (!found) return null;
      checks({
        disputes_resolution_valid:
          outcome.resolution === null || ACTIONS.includes(outcome.resolution),
        disputes_parts_positive:
          (outcome.sellerLamports ?? 0n) >= 0n && (outcome.buyerLamports ?? 0n) >= 0n,
      });
      const resolved = {
        ...found,
        ...outcome,
        resolvedAt: outcome.resolvedAt ? timestamp(outcome.resolvedAt) : null,
      };
      tables.disputes.set(found.id, frozen(resolved));
      return { ...resolved };
    });
  }
}

/** order_messages: each order's thread, oldest first. */
export class MemoryMessageRepository implements MessageRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  add(input: NewMessage): Promise<OrderMessage> {
    return this.scope.write((tables) => {
      checks({
        order_messages_role_valid: ['buyer', 'seller', 'admin'].includes(input.role),
        order_messages_not_empty: input.body.trim() !== '' || input.files.length > 0,
      });
      orderMustExist(tables, input.orderId, 'order_messages');
      if (!tables.users.has(int4(input.authorId))) {
        throw missingReference('author_id', 'order_messages_author_id_fkey');
      }
      const message: OrderMessage = {
        ...input,
        files: [...input.files],
        fileNames:
          input.fileNames.length === input.files.length ? [...input.fileNames] : [...input.files],
        id: this.db.nextId('order_messages'),
        createdAt: timestamp(this.scope.now()),
      };
      tables.messages.set(message.id, frozen(message));
      const order = tables.orders.get(int4(input.orderId))!;
      emit(this.db, this.scope, tables, {
        topic: 'message',
        subjectId: input.orderId,
        userIds: [order.buyerId, order.sellerId],
        admins: true,
        public: false,
      });
      return { ...message, files: [...message.files], fileNames: [...message.fileNames] };
    });
  }

  async listByOrder(orderId: number): Promise<OrderMessage[]> {
    return [...this.scope.read().messages.values()]
      .filter((m) => m.orderId === orderId)
      .sort((a, b) => a.id - b.id)
      .map((m) => ({ ...m, files: [...m.files], fileNames: [...m.fileNames] }));
  }

  async orderOfFile(fileName: string): Promise<number | null> {
    const found = [...this.scope.read().messages.values()].find((m) => m.files.includes(fileName));
    return found?.orderId ?? null;
  }
}

/** payouts: every part paid out of escrow; one part per signature and recipient. */
export class MemoryPayoutRepository implements PayoutRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  record(input: NewPayout): Promise<Payout> {
    return this.scope.write((tables) => {
      const lamports = int8(input.lamports);
      checks({
        payouts_recipient_valid: ['seller', 'buyer'].includes(input.recipient),
        payouts_action_valid: ACTIONS.includes(input.action),
        payouts_lamports_positive: lamports > 0n,
      });
      orderMustExist(tables, input.orderId, 'payouts');
      const taken = [...tables.payouts.values()].some(
        (p) => p.signature === input.signature && p.recipient === input.recipient,
      );
      if (taken) throw uniqueViolation('payouts_part_key');
      const payout: Payout = {
        ...input,
        lamports,
        id: this.db.nextId('payouts'),
        createdAt: timestamp(this.scope.now()),
      };
      tables.payouts.set(payout.id, frozen(payout));
      return { ...payout };
    });
  }

  async listByOrder(orderId: number): Promise<Payout[]> {
    return [...this.scope.read().payouts.values()]
      .filter((p) => p.orderId === orderId)
      .sort((a, b) => a.id - b.id)
      .map((p) => ({ ...p }));
  }

  async paidToBuyers(orderIds: readonly number[]): Promise<Map<number, bigint>> {
    const wanted = new Set(orderIds);
    const paid = new Map<number, bigint>();
    for (const p of this.scope.read().payouts.values()) {
      if (p.recipient !== 'buyer' || !wanted.has(p.orderId)) continue;
      paid.set(p.orderId, (paid.get(p.orderId) ?? 0n) + p.lamports);
    }
    return paid;
  }

  async bySignatures(signatures: readonly string[]): Promise<Payout[]> {
    const wanted = new Set(signatures);
    return [...this.scope.read().payouts.values()]
      .filter((p) => wanted.has(p.signature))
      .sort((a, b) => a.id - b.id)
      .map((p) => ({ ...p }));
  }
}

/** payout_attempts: at most one open per order (the payout lock), references unique. */
export class MemoryPayoutAttemptRepository implements PayoutAttemptRepository {
  constructor(
    private readonly db: MemoryDatabase,
    private readonly scope: Scope,
  ) {}

  open(input: NewPayoutAttempt): Promise<PayoutAttempt> {
    return this.scope.write((tables) => {
      checks({
        payout_attempts_action_valid: ACTIONS.includes(input.action),
        payout_attempts_made_by_valid: ['settlement', 'admin'].includes(input.madeBy),
        payout_attempts_parts: input.sellerLamports >= 0n && input.buyerLamports >= 0n,
      });
      orderMustExist(tables, input.orderId, 'payout_attempts');
      if (tables.orders.get(int4(input.orderId))!.status !== input.orderStatus) {
        throw payoutPlannedOnOldStatus(input.orderId);
      }
      const all = [...tables.payoutAttempts.values()];
      if (all.some((a) => a.reference === input.reference)) {
        throw uniqueViolation('payout_attempts_reference_key');
      }
      if (all.some((a) => a.orderId === input.orderId && a.status === 'open')) {
        throw uniqueViolation('payout_attempts_one_open');
      }
      const { orderStatus: _planned, ...fields } = input;
      const attempt: PayoutAttempt = {
        ...fields,
        signature: input.signature ?? null,
        status: 'open',
        id: this.db.nextId('payout_attempts'),
        createdAt: timestamp(this.scope.now()),
        closedAt: null,
      };
      tables.payoutAttempts.set(attempt.id, frozen(attempt));
      return { ...attempt };
    });
  }

  async findOpen(orderId: number): Promise<PayoutAttempt | null> {
    const found = [...this.scope.read().payoutAttempts.values()].find(
      (a) => a.orderId === orderId && a.status === 'open',
    );
    return found ? { ...found } : null;
  }

  async listOpen(): Promise<PayoutAttempt[]> {
    return [...this.scope.read().payoutAttempts.values()]
      .filter((a) => a.status === 'open')
      .sort((a, b) => a.id - b.id)
      .map((a) => ({ ...a }));
  }

  setSignature(id: number, signature: string): Promise<void> {
    return this.scope.write((tables) => {
      const found = tables.payoutAttempts.get(id);
      if (found?.status === 'open') tables.payoutAttempts.set(id, frozen({ ...found, signature }));
    });
  }

  close(id: number, status: 'done' | 'abandoned', at: Date): Promise<PayoutAttempt | null> {
    return this.scope.write((tables) => {
      const found = tables.payoutAttempts.get(id);
      if (found?.status !== 'open') return null;
      const closed = { ...found, status, closedAt: timestamp(at) };
      tables.payoutAttempts.set(id, frozen(closed));
      return { ...closed };
    });
  }
}
