import { SendTransactionError, Transaction, type Connection, type Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Logger } from 'pino';
import { closeFacts, closeProblem, readOfferedClose } from '@src/adapters/solana/offered-close';
import { ApiClient } from './api-client';
import { connect, serverConfig, type ChainConfig } from './chain-config';
import { CliError, messageOf, UsageError } from './errors';
import { explorerTxUrl } from './explorer';
import { readKeypair } from './keypair';
import { signIn } from './sign-in';

export interface ClaimFlags {
  api: string;
  keypair: string;
  rpc?: string;
  json?: boolean;
  /** A close sent before (it landed, but was not recorded): record it, send nothing. */
  signature?: string;
}

/** A party signed in with its own keypair, on a server in multisig mode. */
export async function claimSession(flags: ClaimFlags, logger: Logger) {
  const keypair = await readKeypair(flags.keypair);
  const api = new ApiClient(flags.api, logger);
  await signIn(api, keypair);
  const config = await serverConfig(api);
  if (config.escrowMode !== 'multisig') {
    throw new CliError(
      'This server keeps payments in the escrow wallet (wallet mode): the marketplace pays out, there is nothing to claim',
    );
  }
  return { api, keypair, config };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The node a claim reads the escrow from and sends through: the party's own (`--rpc`, or
 * SOLANA_RPC_URL). The server's is taken only when it is on this machine (the local chain of
 * `make start`): a server that lies could otherwise name a node that lies about the escrow the
 * close empties, and every check of the close would be made against its inventions.
 */
export function claimRpc(flags: ClaimFlags, config: ChainConfig): string {
  if (flags.rpc) return flags.rpc;
  if (LOOPBACK.has(new URL(config.rpcUrl).hostname)) return config.rpcUrl;
  throw new UsageError(
    `A claim reads the chain through a node of your choosing, not the one the server names ` +
      `(${config.rpcUrl}): pass --rpc <url> or set SOLANA_RPC_URL (the same URL, if you trust it)`,
  );
}

/** A close the party does not sign, and why; nothing was sent. */
const refused = (reason: string) =>
  new CliError(
    `The close the server offered was not signed: ${reason}. Nothing was sent; ` +
      'tell the marketplace’s operator',
  );

/**
 * Checks a close before the party signs it, trusting the server for nothing: what the
 * transaction does (`readOfferedClose`) and, from the chain, that it closes an escrow of the
 * party's to the party and hands on only to the order's other party (`closeProblem`).
 */
async function checkOffered(
  tx: Transaction,
  party: string,
  connection: Connection,
  logger: Logger,
) {
  const close = readOfferedClose(tx, party);
  if (typeof close === 'string') {
    logger.warn(
      {
        reason: close,
        transaction: tx
          .serialize({ requireAllSignatures: false, verifySignatures: false })
          .toString('base64'),
      },
      'offered close refused',
    );
    throw refused(close);
  }
  let facts;
  try {
    facts = await closeFacts(connection, close);
  } catch (error) {
    logger.debug({ err: error }, 'the escrow account could not be read');
    throw new CliError(
      `Could not read the escrow account ${close.escrow} on chain (${firstLine(error)}); nothing was sent. Run the command again`,
    );
  }
  if (!facts) {
    throw new CliError(
      `The escrow account ${close.escrow} is not open on chain: it was closed already; nothing was sent`,
    );
  }
  const problem = typeof facts === 'string' ? facts : closeProblem(close, party, facts);
  if (problem) {
    logger.warn({ reason: problem, escrow: close.escrow }, 'offered close refused');
    throw refused(problem);
  }
}

/**
 * Checks a close the arbiter signed, adds the party's signature, sends it and waits for
 * `confirmed`; answers its signature and explorer page.
 */
async function signAndSend(
  offered: { transaction: string; lastValidBlockHeight: bigint },
  who: { keypair: Keypair; config: ChainConfig },
  flags: ClaimFlags,
  logger: Logger,
) {
  let tx: Transaction;
  try {
    tx = Transaction.from(Buffer.from(offered.transaction, 'base64'));
  } catch (error) {
    logger.debug({ err: error }, 'the offered close does not decode');
    throw refused('it is not a transaction');
  }
  const rpcUrl = claimRpc(flags, who.config);
  const connection = await connect(rpcUrl, logger);
  await checkOffered(tx, who.keypair.publicKey.toBase58(), connection, logger);
  tx.partialSign(who.keypair);
  let signature: string;
  try {
    signature = await connection.sendRawTransaction(tx.serialize(), {
      preflightCommitment: 'confirmed',
    });
  } catch (error) {
    logger.debug({ err: error }, 'the close was not sent');
    if (error instanceof SendTransactionError) {
      // Refused before it was sent (its simulation failed): nothing was paid.
      throw new CliError(
        `The network refused the close (${error.transactionError.message}); nothing was paid. Run the command again`,
      );
    }
    // No answer: it may have gone out. Its signature is known before it is sent.
    const mine = bs58.encode(tx.signature!);
    throw new CliError(
      `The close ${mine} may not have been sent (${firstLine(error)}). If it landed, record it with ` +
        `--signature ${mine}; if not, run the command again`,
    );
  }
  let landed;
  try {
    landed = await connection.confirmTransaction(
      {
        signature,
        blockhash: tx.recentBlockhash!,
        lastValidBlockHeight: Number(offered.lastValidBlockHeight),
      },
      'confirmed',
    );
  } catch (error) {
    logger.debug({ err: error, signature }, 'the close was not confirmed');
    throw new CliError(
      `The close ${signature} was sent but not seen confirmed (${firstLine(error)}). If it landed, ` +
        `record it with --signature ${signature}; if its blockhash expired, nothing was paid: run the command again`,
    );
  }
  if (landed.value.err) {
    throw new CliError(
      `The close ${signature} failed on chain: ${JSON.stringify(landed.value.err)}`,
    );
  }
  return { signature, explorerUrl: explorerTxUrl(signature, who.config.cluster, rpcUrl) };
}

/** A library's message, its first line only (web3.js adds logs and hints after it). */
const firstLine = (error: unknown) => messageOf(error).split('\n')[0]!;

/**
 * Records a close that landed. Its signature is the one thing needed to record it later: if the
 * server does not take it now (down, restarting), the person is told it, and how.
 */
async function recordLanded<T>(
  signature: string,
  again: string,
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record();
  } catch (error) {
    throw new CliError(
      `The close ${signature} was not recorded (${messageOf(error)}). If it landed, record it ` +
        `with: ${again} --signature ${signature}`,
    );
  }
}

/** What a close sent earlier (`--signature`) is shown as: its signature and explorer page. */
function sentBefore(signature: string, who: { config: ChainConfig }, flags: ClaimFlags) {
  return {
    signature,
    explorerUrl: explorerTxUrl(signature, who.config.cluster, flags.rpc ?? who.config.rpcUrl),
  };
}

/**
 * A claim from start to end: the close the arbiter signed is asked for (`offer`), signed, sent
 * and confirmed, then recorded (`record`); with `--signature`, a close sent before is only
 * recorded. `again` is the command that claims it, for the person to run if recording fails.
 */
export async function claimClose<
  O extends { transaction: string; lastValidBlockHeight: bigint },
  T,
>(
  who: { keypair: Keypair; config: ChainConfig },
  flags: ClaimFlags,
  logger: Logger,
  steps: { offer: () => Promise<O>; record: (signature: string) => Promise<T>; again: string },
) {
  const offered = flags.signature ? null : await steps.offer();
  const sent = offered
    ? await signAndSend(offered, who, flags, logger)
    : sentBefore(flags.signature!, who, flags);
  const recorded = await recordLanded(sent.signature, steps.again, () =>
    steps.record(sent.signature),
  );
  return { offered, sent, recorded };
}
