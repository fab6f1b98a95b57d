import type { Logger } from 'pino';
import { reservePayout } from '@src/contracts/payouts';
import { DomainError } from '@src/domain/errors';
import { formatSol } from '@src/domain/money';
import { transition } from '@src/domain/order';
import type { AdminSession } from './admin-session';
import { connect, type ChainConfig } from './chain-config';
import { confirm } from './confirm';
import { CliError } from './errors';
import { findOrder } from './orders';
import { print, printJson } from './output';

import { DECISION_BLOCKS } from '@src/domain/block-window';

/** Who claims an outcome, and how. */
export function claimHow(action: 'release' | 'refund', orderId: number, api: string) {
  const party = action === 'release' ? 'seller' : 'buyer';
  return {
    party,
    command: `marketplace orders claim ${orderId} --keypair <the ${party}'s keypair file> --api ${api}`,
    web: action === 'release' ? 'Your Sales: Claim Payment' : 'My Purchases: Claim Refund',
  } as const;
}

/**
 * `admin release` / `admin refund` in multisig mode: nothing leaves the escrow wallet (it holds
 * no buyer's money). The admin's decision is recorded instead, as the web admin's button does:
 * a reservation of the payout standing about a day of blocks, which the arbiter signs for the
 * party paid, who claims it.
 */
export async function multisigDecision(
  kind: 'release' | 'refund',
  session: AdminSession,
  orderId: number,
  flags: { yes?: boolean; json?: boolean; rpc?: string; api: string },
  config: ChainConfig,
  logger: Logger,
): Promise<void> {
  const order = await findOrder(session, orderId);
  try {
    transition(order, kind, 'admin', new Date());
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(`Order ${orderId}: ${error.message}`);
    throw error;
  }
  const how = claimHow(kind, orderId, flags.api);
  await confirm(
    `Decide to ${kind} order #${orderId} (${order.price} SOL to the ${how.party})? Nothing is sent; the ${how.party} claims it`,
    flags,
  );
  const connection = await connect(flags.rpc ?? config.rpcUrl, logger);
  const height = await connection.getBlockHeight('confirmed');
  const decided = await session.api.send(reservePayout, {
    params: { id: orderId },
    query: { walletAddress: session.wallet },
    body: { action: kind, lastValidBlockHeight: String(height + DECISION_BLOCKS) },
  });
  const standsUntil = decided.attempt.lastValidBlockHeight;
  if (flags.json) {
    return printJson({
      mode: 'multisig',
      orderId,
      action: kind,
      parts: decided.parts,
      standsUntilBlockHeight: standsUntil,
      claimedBy: how.party,
      claimCommand: how.command,
      sent: false,
    });
  }
  const parts = decided.parts
    .map((p) => `${formatSol(p.lamports)} SOL to the ${p.recipient} (${p.wallet})`)
    .join(', ');
  print(`Decision recorded: ${kind} of order #${orderId}, ${parts}`);
  print(
    `Nothing was sent: in multisig mode the ${how.party} claims it with the arbiter's signature`,
  );
  print(`  ${how.command}`);
  print(`  or on the web: ${how.web}`);
  print(`Stands until block height ${standsUntil} (about a day)`);
}
