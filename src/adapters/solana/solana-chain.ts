import bs58 from 'bs58';
import { z } from 'zod';
import type {
  Chain,
  EscrowCheck,
  EscrowExpectation,
  EscrowOutcomeExpectation,
  EscrowRefundExpectation,
  EscrowVerifier,
  IncomingTransfer,
  OutgoingTransfer,
  TransferCheck,
  TransferExpectation,
} from '../../app/ports';
import { ChainRpcError } from './chain-rpc-error';
import { duringOutage } from './chain-outage';
import { realSleep, type Sleep } from './retry-fetch';
import type { RpcClient } from './rpc-client';
import { judgeEscrow, tokenAmount, tokenAmounts } from './judge-escrow';
import { judgeEscrowRefund } from './judge-escrow-refund';
import { escrowOfPayment, judgeEscrowOutcome } from './judge-escrow-outcome';
import { judge, NOT_FOUND } from './judge-transfer';
import { blockHeight, findReference, newReference, signatureStatus } from './payout-lookups';
import { fetchTransaction, lookUpTransaction } from './transaction-lookup';
import { VerificationSlots, type SlotLimits } from './verification-slots';

export interface SolanaChainOptions {
  rpc: RpcClient;
  sleep?: Sleep;
  /**
   * How long a known transaction is waited for to be confirmed and served (default 10 s). A node
   * serves getTransaction some slots after it reports the status (more behind a load balancer);
   * a signature it has never seen is still answered after one call.
   */
  confirmWaitMs?: number;
  confirmPollMs?: number;
  /** Payment checks under way at once, per paying wallet and in all (default 2 and 32). */
  verifications?: SlotLimits;
  /** Page size for getSignaturesForAddress (at most 1000). */
  pageSize?: number;
}

/** 25 slots of 400 ms: the bound on waiting for a known transaction to be served. */
export const CONFIRM_WAIT_MS = 10_000;

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
export class SolanaChain implements Chain, EscrowVerifier {
  private readonly sleep: Sleep;
  private readonly slots: VerificationSlots;

  constructor(private readonly opts: SolanaChainOptions) {
    this.sleep = opts.sleep ?? realSleep;
    this.slots = new VerificationSlots(opts.verifications ?? { perWallet: 2, overall: 32 });
  }

  async verifyTransfer(expected: TransferExpectation): Promise<TransferCheck> {
    if (!isSignature(expected.signature)) return NOT_FOUND;
    return judge(await this.lookUp(expected.signature, expected.from), expected);
  }

  async verifyEscrowPayment(expected: EscrowExpectation): Promise<EscrowCheck> {
    if (!isSignature(expected.signature)) return NOT_FOUND;
    const found = await this.lookUp(expected.signature, expected.buyer);
    return duringOutage(() => judgeEscrow(this.opts.rpc, found, expected));
  }

  async verifyEscrowOutcome(expected: EscrowOutcomeExpectation): Promise<TransferCheck> {
    if (!isSignature(expected.signature)) return NOT_FOUND;
    const found = await this.lookUp(expected.signature, expected.seller);
    return duringOutage(() => judgeEscrowOutcome(this.opts.rpc, found, expected));
  }

  escrowHolding(payment: { paymentSignature: string; buyer: string; lamports: bigint }) {
    return duringOutage(async () => {
      const account = await escrowOfPayment(this.opts.rpc, payment);
      return { account, lamports: account ? await tokenAmount(this.opts.rpc, account) : null };
    });
  }

  escrowBalances(accounts: readonly string[]) {
    return duringOutage(() => tokenAmounts(this.opts.rpc, accounts));
  }

  async verifyEscrowRefund(expected: EscrowRefundExpectation): Promise<TransferCheck> {
    if (!isSignature(expected.signature)) return NOT_FOUND;
    const found = await this.lookUp(expected.signature, expected.buyer);
    return duringOutage(() => judgeEscrowRefund(this.opts.rpc, found, expected));
  }

  /** The transaction, waited for within the payer's and the process's verification slots. */
  private lookUp(signature: string, payer: string) {
    return this.slots.run(payer, () =>
      duringOutage(() =>
        lookUpTransaction(signature, {
          rpc: this.opts.rpc,
          sleep: this.sleep,
          waitMs: this.opts.confirmWaitMs ?? CONFIRM_WAIT_MS,
          pollMs: this.opts.confirmPollMs ?? 500,
        }),
      ),
    );
  }

  async incomingTransfers(wallet: string): Promise<IncomingTransfer[]> {
    return (await this.transfersSince(wallet, null)).transfers;
  }

  transfersSince(wallet: string, until: string | null) {
    return duringOutage(() => this.transfersOf(wallet, until));
  }

  balance(wallet: string): Promise<bigint> {
    return duringOutage(() => this.balanceOf(wallet));
  }

  signatureStatus(signature: string) {
    return duringOutage(() => signatureStatus(this.opts.rpc, signature));
  }

  carriesReference(signature: string, reference: string) {
    if (!isSignature(signature)) return Promise.resolve(false);
    return duringOutage(async () => {
      const tx = await fetchTransaction(this.opts.rpc, signature);
      return tx !== null && !tx.failed && tx.accounts.has(reference);
    });
  }

  findReference(reference: string, signer: string) {
    return duringOutage(() => findReference(this.opts.rpc, reference, signer));
  }

  blockHeight(): Promise<bigint> {
    return duringOutage(() => blockHeight(this.opts.rpc));
  }

  newReference(): string {
    return newReference();
  }

  /**
   * The transfers into and out of `wallet`, newest first, down to (not including) `until`;
   * `newest` is the first signature seen.
   */
  private async transfersOf(wallet: string, until: string | null) {
    const limit = this.opts.pageSize ?? 1000;
    const out: IncomingTransfer[] = [];
    const outgoing: OutgoingTransfer[] = [];
    let before: string | undefined;
    let newest: string | null = null;
    for (;;) {
      const page = signaturePage.parse(
        await this.opts.rpc.call('getSignaturesForAddress', [
          wallet,
          { limit, before, until: until ?? undefined, commitment: this.opts.rpc.commitment },
        ]),
      );
      newest ??= page[0]?.signature ?? null;
      for (const entry of page) {
        if (entry.err !== null && entry.err !== undefined) continue;
        const tx = await fetchTransaction(this.opts.rpc, entry.signature);
        for (const t of tx?.transfers ?? []) {
          if (t.source === wallet && t.destination !== wallet) {
            // Two transfers to one recipient in one transaction are one sum: what it received.
            const same = outgoing.find(
              (o) => o.signature === entry.signature && o.to === t.destination,
            );
            if (same) same.lamports += t.lamports;
            else {
              outgoing.push({
                signature: entry.signature,
                to: t.destination,
                lamports: t.lamports,
                blockTime: tx!.blockTime,
              });
            }
          }
          if (t.destination !== wallet || t.source === wallet) continue;
          out.push({
            signature: entry.signature,
            from: t.source,
            lamports: t.lamports,
            blockTime: tx!.blockTime,
          });
        }
      }
      if (page.length < limit) return { transfers: out, outgoing, newest };
      before = page[page.length - 1]!.signature;
    }
  }

  private async balanceOf(wallet: string): Promise<bigint> {
    const answer = balanceAnswer.safeParse(
      await this.opts.rpc.call('getBalance', [wallet, { commitment: this.opts.rpc.commitment }]),
    );
    if (!answer.success)
      throw new ChainRpcError('invalid_response', 'getBalance: unexpected answer');
    return BigInt(answer.data.value);
  }
}
