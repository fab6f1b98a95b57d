import { payoutsDue } from '@src/contracts/payouts';
import type { AnswerOf } from '@src/contracts/endpoint';
import { formatSol, solToLamports } from '@src/domain/money';
import type { AdminSession } from './admin-session';
import { findUser } from './orders';
import { table } from './output';

export type DueEntry = AnswerOf<typeof payoutsDue>[number];

/** A payout due, with who gets it (the seller for a release, the buyer for a refund). */
export interface DueRow extends DueEntry {
  to: string;
  lamports: bigint;
}

/** GET /api/admin/payouts-due, oldest first, with each recipient's wallet. */
export async function listDue(session: AdminSession): Promise<DueRow[]> {
  const entries = await session.api.send(payoutsDue, { query: { walletAddress: session.wallet } });
  const wallets = new Map<number, string>();
  const walletOf = async (userId: number) => {
    if (!wallets.has(userId)) wallets.set(userId, (await findUser(session, userId)).walletAddress);
    return wallets.get(userId)!;
  };
  const rows: DueRow[] = [];
  for (const entry of entries) {
    const { order } = entry;
    const to = await walletOf(entry.action === 'release' ? order.sellerId : order.buyerId);
    rows.push({ ...entry, to, lamports: solToLamports(order.price) });
  }
  return rows;
}

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export function dueTable(rows: readonly DueRow[]): string {
  return table(rows, [
    { header: 'ORDER', value: (r) => r.order.id, align: 'right' },
    { header: 'ACTION', value: (r) => r.action },
    { header: 'SOL', value: (r) => formatSol(r.lamports), align: 'right' },
    { header: 'TO', value: (r) => r.to },
    { header: 'WHY', value: (r) => r.reason, max: 60 },
    { header: 'SINCE', value: (r) => minute(r.since) },
    {
      header: 'UNDER WAY',
      value: ({ attempt: a }) =>
        a
          ? `${a.action} by ${a.madeBy === 'settlement' ? 'the server' : 'an admin'} at ${minute(a.createdAt)}`
          : '-',
    },
  ]);
}
