import type { Dispute, OrderMessage, Payout, PayoutAttempt } from '../../domain/entities';
import type { DisputeReason, Resolution } from '../../domain/dispute';
import { listToText, textToList } from './rows';

// Rows of the protection tables (migrations/20250101000005_protection.ts) and their entities.
const iso = (t: Date) => t.toISOString();
const isoOrNull = (t: Date | null) => (t ? t.toISOString() : null);
const big = (v: string | number | bigint | null) => (v === null ? null : BigInt(v));

export interface DisputeRow {
  id: number;
  order_id: number;
  opened_by: Dispute['openedBy'];
  reason: DisputeReason;
  opened_at: Date;
  resolution: Resolution | null;
  seller_lamports: string | bigint | null;
  buyer_lamports: string | bigint | null;
  resolved_at: Date | null;
}

export const toDispute = (r: DisputeRow): Dispute => ({
  id: r.id,
  orderId: r.order_id,
  openedBy: r.opened_by,
  reason: r.reason,
  openedAt: iso(r.opened_at),
  resolution: r.resolution,
  sellerLamports: big(r.seller_lamports),
  buyerLamports: big(r.buyer_lamports),
  resolvedAt: isoOrNull(r.resolved_at),
});

export interface MessageRow {
  id: number;
  order_id: number;
  author_id: number;
  role: OrderMessage['role'];
  body: string;
  files: string | null;
  file_names: string | null;
  created_at: Date;
}

export function toMessage(r: MessageRow): OrderMessage {
  const files = textToList(r.files);
  const names = textToList(r.file_names);
  return {
    id: r.id,
    orderId: r.order_id,
    authorId: r.author_id,
    role: r.role,
    body: r.body,
    files,
    // One name per file, or (a message from before names were kept) the stored names.
    fileNames: names.length === files.length ? names : files,
    createdAt: iso(r.created_at),
  };
}

export const messageColumns = (m: Omit<OrderMessage, 'id' | 'createdAt'>) => ({
  order_id: m.orderId,
  author_id: m.authorId,
  role: m.role,
  body: m.body,
  files: listToText(m.files),
  file_names: listToText(m.fileNames),
});

export interface PayoutRow {
  id: number;
  order_id: number;
  signature: string;
  recipient: Payout['recipient'];
  wallet: string;
  lamports: string | bigint;
  action: Resolution;
  created_at: Date;
}

export const toPayout = (r: PayoutRow): Payout => ({
  id: r.id,
  orderId: r.order_id,
  signature: r.signature,
  recipient: r.recipient,
  wallet: r.wallet,
  lamports: BigInt(r.lamports),
  action: r.action,
  createdAt: iso(r.created_at),
});

export interface AttemptRow {
  id: number;
  order_id: number;
  action: Resolution;
  seller_lamports: string | bigint;
  buyer_lamports: string | bigint;
  reference: string;
  last_valid_block_height: string | bigint;
  signature: string | null;
  status: PayoutAttempt['status'];
  made_by: PayoutAttempt['madeBy'];
  created_at: Date;
  closed_at: Date | null;
}

export const toAttempt = (r: AttemptRow): PayoutAttempt => ({
  id: r.id,
  orderId: r.order_id,
  action: r.action,
  sellerLamports: BigInt(r.seller_lamports),
  buyerLamports: BigInt(r.buyer_lamports),
  reference: r.reference,
  lastValidBlockHeight: BigInt(r.last_valid_block_height),
  signature: r.signature,
  status: r.status,
  madeBy: r.made_by,
  createdAt: iso(r.created_at),
  closedAt: isoOrNull(r.closed_at),
});
