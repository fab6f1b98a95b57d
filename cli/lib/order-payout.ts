import type { Logger } from 'pino';
import { orderWire } from '@src/contracts/wire';
import { refundOrder, releaseFunds } from '@src/contracts/orders';
import { z } from 'zod';
import { DomainError } from '@src/domain/errors';
import { solToLamports } from '@src/domain/money';
import { transition } from '@src/domain/order';
import type { AdminSession } from './admin-session';
import { CliError } from './errors';
import { findOrder, findUser } from './orders';
import type { AdminFlags } from './options';
import { note, print, printJson } from './output';
import type { PayoutFlags } from './payout';
import type { Settled } from './reserved-payout';

export type OrderPayoutKind = 'release' | 'refund';

const KIND = {
  release: { party: 'seller', done: 'Released' },
  refund: { party: 'buyer', done: 'Refunded' },
} as const;

/** Records the payout's signature with the API (checked on chain there). */
export function recordPayout(
  kind: OrderPayoutKind,
  session: AdminSession,
  id: number,
  signature: string,
) {
  const query = { walletAddress: session.wallet };
  return kind === 'release'
    ? session.api.send(releaseFunds, {
        params: { id },
        query,
        body: { releaseTransactionHash: signature },
      })
    : session.api.send(refundOrder, {
        params: { id },
        query,
        body: { refundTransactionHash: signature },
      });
}

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
    transition(order, kind, 'admin', new Date());
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Order ${orderId}: ${error.message}`);
    throw error;
  }
  const party = await findUser(session, kind === 'release' ? order.sellerId : order.buyerId);
  const lamports = solToLamports(order.price);
  const command = `marketplace admin ${kind} ${orderId} --signature`;
  const { payOut } = await import('./payout');
  const { payReserved } = await import('./reserved-payout');
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
      lamports,
      // --signature: the spec's calls record it, with or without a reservation before.
      record: (signature) => recordPayout(kind, session, orderId, signature),
      finishCommand: (sig) => `${command} ${sig} --keypair ${flags.keypair} --api ${flags.api}`,
      pay: async (sender) =>
        paidOrExplain(
          orderId,
          await payReserved({
            session,
            sender,
            orderId,
            action: kind,
            expected: [{ wallet: party.walletAddress, lamports }],
            onSent: (signature) => note(`Sent ${signature}; waiting for its confirmation`),
          }),
        ),
    },
    flags,
    logger,
  );
  if (flags.json) {
    const recorded = z.encode(orderWire, result.recorded);
    return printJson({ order: recorded, ...result, recorded });
  }
  print(`${k.done} ${order.price} SOL for order #${orderId} to ${party.walletAddress}`);
  print(`Order status: ${result.recorded.status}`);
  print(`Signature:    ${result.signature}`);
  print(`Explorer:     ${result.explorerUrl}`);
}

/** A reserved payout's end, as the single commands tell it: only paid or recovered is done. */
function paidOrExplain(orderId: number, settled: Settled) {
  if (settled.outcome === 'recovered') {
    note(
      `An earlier payout of order #${orderId} had landed (${settled.signature}); it is recorded now and nothing new was sent`,
    );
  }
  if (settled.outcome === 'paid' || settled.outcome === 'recovered') {
    const { signature, order } = settled;
    return { signature, recorded: order, sent: settled.outcome === 'paid' };
  }
  if (settled.outcome === 'settled') {
    throw new CliError(
      `Order #${orderId} is already ${settled.order?.status ?? 'settled'}; nothing was sent`,
    );
  }
  throw new CliError(
    `A payout of order #${orderId} is already under way (the server's settlement, another admin or an earlier run) and may still land; nothing was sent. ` +
      'Wait a minute or two and run this again, or run marketplace admin settle, which finishes payouts that are due',
  );
}
