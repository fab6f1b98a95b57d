import type { FailedTransactionMetadata, TransactionMetadata } from 'litesvm';
import bs58 from 'bs58';
import { RpcError, SEND_PREFLIGHT_FAILURE, SIGNATURE_VERIFICATION_FAILURE } from './rpc-error';
import { txErrorJson, txErrorText, type TxErrorJson } from './tx-errors';
import type { InnerInstructionRecord } from './tx-store';

/** What executing or simulating a transaction produced. */
export interface Simulation {
  err: TxErrorJson | null;
  logs: string[];
  unitsConsumed: bigint;
}

export function failure(result: FailedTransactionMetadata): Simulation {
  const meta = result.meta();
  return {
    err: txErrorJson(result.err()),
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
  };
}

export function success(meta: TransactionMetadata): Simulation {
  return { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() };
}

/** The -32002 answer a node gives when preflight simulation fails. */
export function preflightFailure(sim: Simulation): RpcError {
  return new RpcError(
    SEND_PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${txErrorText(sim.err!)}`,
    {
      accounts: null,
      err: sim.err,
      innerInstructions: null,
      logs: sim.logs,
      replacementBlockhash: null,
      returnData: null,
      unitsConsumed: sim.unitsConsumed,
    },
  );
}

export const signatureFailure = () =>
  new RpcError(SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');

/** litesvm's inner instructions in the shape getTransaction answers with. */
export function innerInstructionsOf(meta: TransactionMetadata): InnerInstructionRecord[] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: [...ix.accounts()],
          data: bs58.encode(ix.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((group) => group.instructions.length > 0);
}
