import { Keypair, SendTransactionError } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Logger } from 'pino';
import { buildTransfer, sendAndConfirm } from '../../src/adapters/solana/transfers';
import { formatSol } from '../../src/domain/money';
import type { AdminSession } from './admin-session';
import { chainConfig, connect } from './chain-config';
import { confirm } from './confirm';
import { CliError, messageOf } from './errors';
import { explorerTxUrl } from './explorer';
import { note } from './output';

/** One escrow payout: who gets how much, and how the server records it. */
export interface PayoutPlan<T> {
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

/**
 * Pays out of escrow and records it: confirm, sign the escrow -> recipient transfer, send and
 * confirm it at `confirmed` (429 backoff), then POST the signature. With `--signature` only the
 * recording happens, for a transfer an earlier run sent. Every failure after sending says how
 * to finish without paying twice.
 */
export async function payOut<T>(
  session: AdminSession,
  plan: PayoutPlan<T>,
  flags: PayoutFlags,
  logger: Logger,
): Promise<PayoutResult<T>> {
  const config = await chainConfig(session.api);
  const rpcUrl = flags.rpc ?? config.rpcUrl;
  note(plan.title);
  for (const [label, value] of [
    ...plan.details,
    ['Amount', `${formatSol(plan.lamports)} SOL (${plan.lamports} lamports)`] as [string, string],
    ['From escrow', config.escrowWallet],
    ['To', plan.to],
  ]) {
    note(`  ${`${label}:`.padEnd(14)} ${value}`);
  }

  let signature = flags.signature;
  const sent = signature === undefined;
  if (signature === undefined) {
    if (session.wallet !== config.escrowWallet) {
      throw new CliError(
        `The keypair's wallet ${session.wallet} is not the escrow wallet ${config.escrowWallet}; only the escrow wallet can pay out`,
      );
    }
    await confirm(`Send ${formatSol(plan.lamports)} SOL to ${plan.to}?`, flags);
    signature = await transfer(session.keypair, plan, rpcUrl, config.cluster, logger);
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

async function transfer(
  keypair: Keypair,
  plan: PayoutPlan<unknown>,
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
