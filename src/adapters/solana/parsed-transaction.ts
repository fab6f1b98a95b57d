import { z } from 'zod';
import { ChainRpcError } from './chain-rpc-error';

const lamports = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
  .transform(BigInt);

const instruction = z.looseObject({
  program: z.string().optional(),
  programId: z.string(),
  parsed: z.unknown().optional(),
});

const transferInfo = z.object({
  type: z.literal('transfer'),
  info: z.looseObject({ source: z.string(), destination: z.string(), lamports }),
});

/** The parts of a `jsonParsed` getTransaction answer we rely on. */
const parsedTransaction = z.looseObject({
  slot: z.number(),
  blockTime: z.number().nullable().optional(),
  meta: z
    .looseObject({
      err: z.unknown(),
      innerInstructions: z
        .array(z.looseObject({ index: z.number(), instructions: z.array(instruction) }))
        .nullable()
        .optional(),
    })
    .nullable(),
  transaction: z.looseObject({
    signatures: z.array(z.string()),
    message: z.looseObject({
      accountKeys: z.array(z.looseObject({ pubkey: z.string(), signer: z.boolean() })),
      instructions: z.array(instruction),
    }),
  }),
});

export interface SystemTransfer {
  source: string;
  destination: string;
  lamports: bigint;
}

export interface ParsedTransfers {
  slot: number;
  blockTime: number | null;
  failed: boolean;
  signers: Set<string>;
  /** Every account the transaction names (a payout's reference key among them). */
  accounts: Set<string>;
  /** Every System Program transfer, top-level and inner (CPI), in order. */
  transfers: SystemTransfer[];
}

/** Reads a jsonParsed transaction; an answer that does not fit is a ChainRpcError. */
export function readTransfers(answer: unknown): ParsedTransfers {
  const result = parsedTransaction.safeParse(answer);
  if (!result.success) {
    throw new ChainRpcError(
      'invalid_response',
      `getTransaction: unexpected answer (${result.error.message})`,
    );
  }
  const tx = result.data;
  const inner = (tx.meta?.innerInstructions ?? []).flatMap((group) => group.instructions);
  const transfers: SystemTransfer[] = [];
  for (const ix of [...tx.transaction.message.instructions, ...inner]) {
    if (ix.program !== 'system') continue;
    const parsed = transferInfo.safeParse(ix.parsed);
    if (parsed.success) transfers.push(parsed.data.info);
  }
  return {
    slot: tx.slot,
    blockTime: tx.blockTime ?? null,
    failed: tx.meta === null || (tx.meta.err !== null && tx.meta.err !== undefined),
    signers: new Set(
      tx.transaction.message.accountKeys.filter((k) => k.signer).map((k) => k.pubkey),
    ),
    accounts: new Set(tx.transaction.message.accountKeys.map((k) => k.pubkey)),
    transfers,
  };
}
