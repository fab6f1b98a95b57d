import { validation } from './errors';
import { hiddenCharactersError } from './text';
import { formatSol, solToLamports } from './money';

export const DISPUTE_REASONS = [
  'not_received',
  'not_as_described',
  'damaged',
  'wrong_item',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_received: 'Not received',
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  other: 'Other',
};

export const MAX_MESSAGE_LENGTH = 2000;
export const MAX_MESSAGE_FILES = 5;

/** What is wrong with a message (some text or a file, within the limits); null when it can go. */
export function messageProblem(body: string, fileCount: number, what = 'A message'): string | null {
  const text = body.trim();
  if (!text && fileCount === 0) return `${what} needs some text or a file`;
  if (text.length > MAX_MESSAGE_LENGTH) {
    return `${what} can be at most ${MAX_MESSAGE_LENGTH} characters`;
  }
  if (fileCount > MAX_MESSAGE_FILES) return `${what} can carry at most ${MAX_MESSAGE_FILES} files`;
  return hiddenCharactersError(what, text, 'lines');
}

export type Resolution = 'release' | 'refund' | 'split';

/** A split's two parts: the seller's as the admin typed it (SOL, 2 decimals), the rest to the buyer. */
export function splitParts(price: string, sellerSol: string): { seller: bigint; buyer: bigint } {
  if (!/^\d+(\.\d{1,2})?$/.test(sellerSol.trim())) {
    throw validation('The seller’s part must be an amount in SOL with at most 2 decimals');
  }
  const total = solToLamports(price);
  const seller = solToLamports(sellerSol.trim());
  if (seller <= 0n || seller >= total) {
    throw validation(
      `The seller’s part must be more than 0 and less than the price (${formatSol(total)} SOL); use release or refund otherwise`,
    );
  }
  return { seller, buyer: total - seller };
}
