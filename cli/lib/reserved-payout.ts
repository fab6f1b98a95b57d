import type { Order } from '@src/domain/entities';
import { adminOrder } from '@src/contracts/orders';
import { recordPayout, recoverPayout, reservePayout } from '@src/contracts/payouts';
import type { AdminSession } from './admin-session';
import { ApiError } from './errors';
import type { Sender } from './payout';
import { PayoutError, recordSent, sendPayout, type PayoutParts } from './send-payout';

export type OrderPayoutAction = 'release' | 'refund';

/**
 * How an order's payout ended: `paid` now; `recovered` (an earlier payout had landed and is
 * recorded now; nothing sent); `in_flight` (another payout of it may still land: not now);
 * `settled` (someone else already finished the order).
 */
export type Settled =
  | { outcome: 'paid' | 'recovered'; signature: string; order: Order }
  | { outcome: 'in_flight' | 'settled'; order: Order | null };

export interface ReservedPayout {
  session: AdminSession;
  sender: Sender;
  orderId: number;
  action: OrderPayoutAction;
  /** What the person agreed to pay: the server's reservation must say the same. */
  expected: PayoutParts['parts'];
  /** A payout of the order is known to be open: find out what became of it first. */
  recoverFirst?: boolean;
  onSent?(signature: string): void;
}

const FINAL: readonly Order['status'][] = ['completed', 'cancelled'];

/**
 * Pays an order's release or refund exactly once, whoever else may be paying it (the server's
 * settlement runner, an admin in the browser, another CLI): the payout is reserved with the
 * server (one open attempt per order) before the transaction, carrying the attempt's reference,
 * is sent; a payout left open is first settled by the chain (recorded if it landed, given up
 * once its blockhash died with no trace).
 */
export async function payReserved(p: ReservedPayout): Promise<Settled> {
  if (p.recoverFirst) {
    const known = await recover(p);
    if (known) return known;
  }
  try {
    return await reserveAndPay(p);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const known = await recover(p);
    if (known) return known;
    return reserveAndPay(p).catch((again: unknown) => {
      // Freed and taken again at once: someone else is paying it right now.
      if (again instanceof ApiError && again.status === 409) {
        return { outcome: 'in_flight', order: null } as const;
      }
      throw again;
    });
  }
}

/** The chain's word on an open payout; null when the order is free to be paid now. */
async function recover(p: ReservedPayout): Promise<Settled | null> {
  const call = { params: { id: p.orderId }, query: { walletAddress: p.session.wallet } };
  const { outcome, order } = await p.session.api.send(recoverPayout, call).catch(async (error) => {
    // Its sender recorded the payout while the server was recording it for them: done, once.
    const now = error instanceof ApiError ? await p.session.api.send(adminOrder, call) : null;
    if (now && FINAL.includes(now.status)) return { outcome: 'none' as const, order: now };
    throw error;
  });
  if (outcome === 'recorded' && order) {
    const signature = order.releaseTransactionHash ?? order.refundTransactionHash ?? '';
    return { outcome: 'recovered', signature, order };
  }
  if (outcome === 'in_flight') return { outcome: 'in_flight', order };
  if (order && FINAL.includes(order.status)) return { outcome: 'settled', order };
  return null;
}

async function reserveAndPay(p: ReservedPayout): Promise<Settled> {
  const { api, wallet } = p.session;
  const call = { params: { id: p.orderId }, query: { walletAddress: wallet } };
  const signature = await sendPayout({
    ...p.sender,
    onSent: p.onSent,
    plan: async (lastValidBlockHeight) => {
      const reserved = await api.send(reservePayout, {
        ...call,
        body: { action: p.action, lastValidBlockHeight: lastValidBlockHeight.toString() },
      });
      const parts = reserved.parts.map(({ wallet, lamports }) => ({ wallet, lamports }));
      if (!sameParts(parts, p.expected)) {
        // Left to expire: the reservation dies with its blockhash, unsent.
        throw new PayoutError(
          'not_sent',
          `the server reserved a different payout for order #${p.orderId} than the one shown (its parts: ${describe(parts)})`,
        );
      }
      return { reference: reserved.attempt.reference, parts };
    },
  });
  const order = await recordSent(signature, (sig) =>
    api.send(recordPayout, { ...call, body: { signature: sig } }).catch(async (error: unknown) => {
      // Another run's recovery may have found this transfer on chain and recorded it first.
      const now = await api.send(adminOrder, call).catch(() => null);
      if (now && [now.releaseTransactionHash, now.refundTransactionHash].includes(sig)) return now;
      throw error;
    }),
  );
  return { outcome: 'paid', signature, order };
}

const describe = (parts: PayoutParts['parts']) =>
  parts.map((part) => `${part.lamports} lamports to ${part.wallet}`).join(', ');

const sameParts = (a: PayoutParts['parts'], b: PayoutParts['parts']) =>
  a.length === b.length &&
  a.every((part, i) => part.wallet === b[i]!.wallet && part.lamports === b[i]!.lamports);
