import { Keypair, type Connection } from '@solana/web3.js';
import type { Logger } from 'pino';
import { formatSol } from '@src/domain/money';
import type { AdminSession } from './admin-session';
import type { ApiClient } from './api-client';
import { chainConfig, connect, type ChainConfig } from './chain-config';
import { confirm } from './confirm';
import { CliError } from './errors';
import { explorerTxUrl } from './explorer';
import { note } from './output';
import { PayoutError, recordSent, sendPayout } from './send-payout';

/** What a payout sends with: the chain and the key. */
export interface Sender {
  connection: Connection;
  keypair: Keypair;
  logger: Logger;
}

/** One transfer and how the server records it: who gets how much, shown before asking. */
export interface TransferPlan<T> {
  /** "Release order #4 to the seller", shown before asking. */
  title: string;
  details: [string, string][];
  to: string;
  lamports: bigint;
  record(signature: string): Promise<T>;
  /** The command that records an already-sent transfer, for the recovery message. */
  finishCommand(signature: string): string;
  /**
   * Reserves the transfer with the server before it is signed (a payment's refund: one under
   * way at a time, whoever sends); answers the reference it must carry. Called again for each
   * new signing, once the previous one can no longer land.
   */
  reserve?(lastValidBlockHeight: bigint): Promise<string>;
  /**
   * Sends and records a payout the server reserves first (an order's release or refund);
   * without it, a plain transfer of `lamports` to `to` is sent, then recorded.
   */
  pay?(sender: Sender): Promise<{ signature: string; recorded: T; sent: boolean }>;
}

export interface PayoutFlags {
  yes?: boolean;
  signature?: string;
  rpc?: string;
}

export interface PayoutResult<T> {
  recorded: T;
  signature: string;
  explorerUrl: string;
  sent: boolean;
}

/** Who signs: a signed-in API client and the keypair behind it. */
export interface Payer {
  api: ApiClient;
  keypair: Keypair;
}

/**
 * Sends a transfer and records it: show the plan, confirm, sign, send and confirm it at
 * `confirmed` (429 backoff), then let the server record the signature. With `--signature` only
 * the recording happens, for a transfer an earlier run sent. Every failure after sending says
 * how to finish without paying twice.
 */
export async function sendAndRecord<T>(
  payer: Payer,
  config: ChainConfig,
  plan: TransferPlan<T>,
  flags: PayoutFlags,
  logger: Logger,
): Promise<PayoutResult<T>> {
  const rpcUrl = flags.rpc ?? config.rpcUrl;
  note(plan.title);
  for (const [label, value] of [
    ...plan.details,
    ['Amount', `${formatSol(plan.lamports)} SOL (${plan.lamports} lamports)`] as [string, string],
    ['From', payer.keypair.publicKey.toBase58()],
    ['To', plan.to],
  ]) {
    note(`  ${`${label}:`.padEnd(14)} ${value}`);
  }
  const explorer = (signature: string) => explorerTxUrl(signature, config.cluster, rpcUrl);

  if (flags.signature !== undefined) {
    const signature = flags.signature;
    note(`Recording the transfer ${signature} already sent`);
    const recorded = await plan.record(signature);
    return { recorded, signature, explorerUrl: explorer(signature), sent: false };
  }
  await confirm(`Send ${formatSol(plan.lamports)} SOL to ${plan.to}?`, flags);
  const sender = { connection: await connect(rpcUrl, logger), keypair: payer.keypair, logger };
  try {
    const done = plan.pay ? await plan.pay(sender) : await plainTransfer(sender, plan);
    return { ...done, explorerUrl: explorer(done.signature) };
  } catch (error) {
    if (!(error instanceof PayoutError)) throw error;
    throw new CliError(explain(error, plan.finishCommand, explorer));
  }
}

/** Signings of one plain transfer, the first included, before giving up on an expiring network. */
const SIGNINGS = 3;

/**
 * One transfer of one part: reserved first when the plan says how (a payment's refund), else
 * with one fresh reference of its own (a purchase).
 * Re-sent while its blockhash lives; signed again on a new blockhash only once the previous
 * signing can no longer land (expired, and unknown to the node), with the same reference.
 */
async function plainTransfer<T>(sender: Sender, plan: TransferPlan<T>) {
  const reference = Keypair.generate().publicKey.toBase58();
  for (let signing = 1; ; signing += 1) {
    try {
      const signature = await sendPayout({
        ...sender,
        plan: async (lastValidBlockHeight) => ({
          reference: plan.reserve ? await plan.reserve(lastValidBlockHeight) : reference,
          parts: [{ wallet: plan.to, lamports: plan.lamports }],
        }),
      });
      return { signature, recorded: await recordSent(signature, plan.record), sent: true };
    } catch (error) {
      // A reserved transfer is not signed again here: the server holds its reservation for a
      // while after its blockhash dies (a node may list it late), so the command is run again.
      if (
        !(error instanceof PayoutError) ||
        error.stage !== 'expired' ||
        signing >= SIGNINGS ||
        plan.reserve
      ) {
        throw error;
      }
      note(
        `The transfer ${error.signature} expired before it landed (nothing was paid); signing again`,
      );
    }
  }
}

/** What went wrong, and how to finish without paying twice. */
function explain(
  error: PayoutError,
  finish: (signature: string) => string,
  explorer: (signature: string) => string,
): string {
  const sig = error.signature;
  if (error.stage === 'not_sent' || sig === undefined) {
    return `The transfer was not sent: ${error.reason}`;
  }
  if (error.stage === 'expired') {
    return `The transfer ${sig} expired before it landed; nothing was paid. Run the command again in a few minutes.`;
  }
  if (error.stage === 'unconfirmed') {
    return (
      `The transfer ${sig} was sent but its confirmation failed (${error.reason}). ` +
      `Check ${explorer(sig)}; if it went through, do not send it again but finish with: ${finish(sig)}`
    );
  }
  return (
    `The transfer ${sig} was sent and confirmed, but recording it failed: ${error.reason}. ` +
    `Do not send it again; finish with: ${finish(sig)}`
  );
}

/** Only the escrow wallet's keypair can pay out of escrow. */
export function requireEscrowWallet(session: AdminSession, config: ChainConfig): void {
  if (session.wallet !== config.escrowWallet) {
    throw new CliError(
      `The keypair's wallet ${session.wallet} is not the escrow wallet ${config.escrowWallet}; only the escrow wallet can pay out`,
    );
  }
}

/** An escrow payout (release, refund): only the escrow wallet's keypair can send one. */
export async function payOut<T>(
  session: AdminSession,
  plan: TransferPlan<T>,
  flags: PayoutFlags,
  logger: Logger,
): Promise<PayoutResult<T>> {
  const config = await chainConfig(session.api);
  if (flags.signature === undefined) requireEscrowWallet(session, config);
  return sendAndRecord(session, config, plan, flags, logger);
}
