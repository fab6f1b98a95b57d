import bs58 from 'bs58';
import { z } from 'zod';
import type { Chain, IncomingTransfer, TransferCheck, TransferExpectation } from '../../app/ports';
import { formatSol } from '../../domain/money';
import { ChainRpcError } from './chain-rpc-error';
import { readTransfers, type ParsedTransfers } from './parsed-transaction';
import { realSleep, type Sleep } from './retry-fetch';
import type { RpcClient } from './rpc-client';

export interface SolanaChainOptions {
  rpc: RpcClient;
  sleep?: Sleep;
  /** How long a transaction not yet visible is looked for again before `not_found`. */
  notFoundWaitMs?: number;
  notFoundPollMs?: number;
  /** Page size for getSignaturesForAddress (at most 1000). */
  pageSize?: number;
}

const signaturePage = z.array(
  z.looseObject({
    signature: z.string(),
    err: z.unknown(),
    blockTime: z.number().nullable().optional(),
  }),
);
const balanceAnswer = z.object({ value: z.union([z.number(), z.string()]) });

const isSignature = (text: string) => {
  try {
    return bs58.decode(text).length === 64;
  } catch {
    return false;
  }
};

/** The Chain port on a Solana JSON-RPC node: payment checks, incoming transfers, balances. */
export class SolanaChain implements Chain {
  private readonly sleep: Sleep;

  constructor(private readonly opts: SolanaChainOptions) {
    this.sleep = opts.sleep ?? realSleep;
  }

  async verifyTransfer(expected: TransferExpectation): Promise<TransferCheck> {
    const tx = isSignature(expected.signature)
      ? await this.findTransaction(expected.signature)
      : null;
    if (!tx) return { ok: false, reason: 'not_found', message: 'Transaction not found on chain' };
    if (tx.failed)
      return { ok: false, reason: 'failed', message: 'The transaction failed on chain' };
    const match = tx.transfers.some(
      (t) =>
        t.source === expected.from &&
        t.destination === expected.to &&
        t.lamports === expected.lamports,
    );
    if (!match) {
      return {
        ok: false,
        reason: 'no_matching_transfer',
        message: `No transfer of ${formatSol(expected.lamports)} SOL from ${expected.from} to ${expected.to} in this transaction`,
      };
    }
    if (!tx.signers.has(expected.from)) {
      return {
        ok: false,
        reason: 'not_signed_by_payer',
        message: `The payer ${expected.from} did not sign this transaction`,
      };
    }
    return { ok: true };
  }

  async incomingTransfers(wallet: string): Promise<IncomingTransfer[]> {
    const limit = this.opts.pageSize ?? 1000;
    const out: IncomingTransfer[] = [];
    let before: string | undefined;
    for (;;) {
      const page = signaturePage.parse(
        await this.opts.rpc.call('getSignaturesForAddress', [
          wallet,
          { limit, before, commitment: this.opts.rpc.commitment },
        ]),
      );
      for (const entry of page) {
        if (entry.err !== null && entry.err !== undefined) continue;
        const tx = await this.getTransaction(entry.signature);
        for (const t of tx?.transfers ?? []) {
          if (t.destination !== wallet || t.source === wallet) continue;
          out.push({
            signature: entry.signature,
            from: t.source,
            lamports: t.lamports,
            blockTime: tx!.blockTime,
          });
        }
      }
      if (page.length < limit) return out;
      before = page[page.length - 1]!.signature;
    }
  }

  async balance(wallet: string): Promise<bigint> {
    const answer = balanceAnswer.safeParse(
      await this.opts.rpc.call('getBalance', [wallet, { commitment: this.opts.rpc.commitment }]),
    );
    if (!answer.success)
      throw new ChainRpcError('invalid_response', 'getBalance: unexpected answer');
    return BigInt(answer.data.value);
  }

  private async findTransaction(signature: string): Promise<ParsedTransfers | null> {
    const deadline = this.opts.notFoundWaitMs ?? 3000;
    const poll = this.opts.notFoundPollMs ?? 500;
    for (let waited = 0; ; waited += poll) {
      const tx = await this.getTransaction(signature);
      if (tx || waited >= deadline) return tx;
      await this.sleep(poll);
    }
  }

  private async getTransaction(signature: string): Promise<ParsedTransfers | null> {
    const answer = await this.opts.rpc.call('getTransaction', [
      signature,
      {
        encoding: 'jsonParsed',
        commitment: this.opts.rpc.commitment,
        maxSupportedTransactionVersion: 0,
      },
    ]);
    return answer === null ? null : readTransfers(answer);
  }
}
