import type { Logger } from 'pino';
import type { Order } from '../../src/domain/entities';
import { DomainError } from '../../src/domain/errors';
import { solToLamports } from '../../src/domain/money';
import { transition } from '../../src/domain/order';
import type { AdminSession } from './admin-session';
import { CliError } from './errors';
import { findOrder, findUser } from './orders';
import type { AdminFlags } from './options';
import { print, printJson } from './output';
import type { PayoutFlags } from './payout';

export type OrderPayoutKind = 'release' | 'refund';

const KIND = {
  release: {
    party: 'seller',
    path: 'release-funds',
    field: 'releaseTransactionHash',
    done: 'Released',
  },
  refund: { party: 'buyer', path: 'refund', field: 'refundTransactionHash', done: 'Refunded' },
} as const;

/**
 * `admin release` / `admin refund`: checks the order may move (the domain's state machine, so
 * a wrong status is refused before any money moves), then pays the seller or buyer from escrow.
 */
export async function orderPayout(
  kind: OrderPayoutKind,
  session: AdminSession,
  orderId: number,
  flags: PayoutFlags & AdminFlags,
  logger: Logger,
): Promise<void> {
  const k = KIND[kind];
  const order = await findOrder(session, orderId);
  try {
    transition(order.status, kind, 'admin');
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Order ${orderId}: ${error.message}`);
    throw error;
  }
  const party = await findUser(session, kind === 'release' ? order.sellerId : order.buyerId);
  const command = `marketplace admin ${kind} ${orderId} --signature`;
  const { payOut } = await import('./payout');
  const result = await payOut(
    session,
    {
      title: `${kind === 'release' ? 'Release' : 'Refund'} order #${order.id} to the ${k.party}`,
      details: [
        ['Product', order.product?.name ?? `#${order.productId}`],
        ['Status', order.status],
        ['Tracking', order.trackingNumber ?? '-'],
        [k.party === 'seller' ? 'Seller' : 'Buyer', `user #${party.id}`],
      ],
      to: party.walletAddress,
      lamports: solToLamports(order.price),
      record: (signature) =>
        session.api.post<Order>(
          `/api/admin/${k.path}/${orderId}`,
          { [k.field]: signature },
          session.query(),
        ),
      finishCommand: (sig) => `${command} ${sig} --keypair ${flags.keypair} --api ${flags.api}`,
    },
    flags,
    logger,
  );
  if (flags.json) return printJson({ order: result.recorded, ...result });
  print(`${k.done} ${order.price} SOL for order #${orderId} to ${party.walletAddress}`);
  print(`Order status: ${result.recorded.status}`);
  print(`Signature:    ${result.signature}`);
  print(`Explorer:     ${result.explorerUrl}`);
}
