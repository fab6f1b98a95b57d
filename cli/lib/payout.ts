import { Keypair, SendTransactionError } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Logger } from 'pino';
import { buildTransfer, sendAndConfirm } from '../../src/adapters/solana/transfers';
import { formatSol } from '../../src/domain/money';
import type { AdminSession } from './admin-session';
import type { ApiClient } from './api-client';
import { chainConfig, connect, type ChainConfig } from './chain-config';
import { confirm } from './confirm';
import { CliError, messageOf } from './errors';
import { explorerTxUrl } from './explorer';
import { note } from './output';

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

  let signature = flags.signature;
  const sent = signature === undefined;
  if (signature === undefined) {
    await confirm(`Send ${formatSol(plan.lamports)} SOL to ${plan.to}?`, flags);
    signature = await transfer(payer.keypair, plan, rpcUrl, config.cluster, logger);
  } else {
    note(`Recording the transfer ${signature} already sent`);
  }

  const explorerUrl = explorerTxUrl(signature, config.cluster, rpcUrl);
  try {
    const recorded = await plan.record(signature);
    return { recorded, signature, explorerUrl, sent };
  } catch (error) {
    if (!sent) throw error;
    throw new CliError(
      `The transfer ${signature} was sent and confirmed, but recording it failed: ${messageOf(error)}. ` +
        `Do not send it again; finish with: ${plan.finishCommand(signature)}`,
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
  if (flags.signature === undefined && session.wallet !== config.escrowWallet) {
    throw new CliError(
      `The keypair's wallet ${session.wallet} is not the escrow wallet ${config.escrowWallet}; only the escrow wallet can pay out`,
    );
  }
  return sendAndRecord(session, config, plan, flags, logger);
}

async function transfer(
  keypair: Keypair,
  plan: Pick<TransferPlan<unknown>, 'to' | 'lamports' | 'finishCommand'>,
  rpcUrl: string,
  cluster: string,
  logger: Logger,
): Promise<string> {
  const connection = await connect(rpcUrl, logger);
  let signature: string | undefined;
  try {
    // A fresh reference key keeps two equal payouts in one block distinct.
    const reference = Keypair.generate().publicKey;
    const tx = await buildTransfer(connection, keypair, plan.to, plan.lamports, { reference });
    signature = bs58.encode(tx.signature!);
    logger.info({ signature, rpcUrl }, 'sending transfer');
    return await sendAndConfirm(connection, tx);
  } catch (error) {
    if (signature === undefined || error instanceof SendTransactionError) {
      throw new CliError(`The transfer was not sent: ${firstLine(error)}`);
    }
    throw new CliError(
      `The transfer ${signature} was sent but its confirmation failed (${firstLine(error)}). ` +
        `Check ${explorerTxUrl(signature, cluster, rpcUrl)}; if it went through, do not send it ` +
        `again but finish with: ${plan.finishCommand(signature)}`,
    );
  }
}

const firstLine = (error: unknown) => messageOf(error).split('\n')[0]!.replace(/\.$/, '');
