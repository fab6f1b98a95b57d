import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { RpcClient } from '@src/adapters/solana/rpc-client';
import { SolanaChain } from '@src/adapters/solana/solana-chain';

// Answers a real System Program cannot produce from a plain client (a program-derived payer
// moving lamports by CPI), written as a node would send them.
const payer = Keypair.generate().publicKey.toBase58();
const escrow = Keypair.generate().publicKey.toBase58();
const program = Keypair.generate().publicKey.toBase58();
const feePayer = Keypair.generate().publicKey.toBase58();
const signature = '5'.repeat(87);

const cpiTransfer = (lamports: number | string) => ({
  slot: 9,
  blockTime: 1_700_000_000,
  meta: {
    err: null,
    innerInstructions: [
      {
        index: 0,
        instructions: [
          {
            program: 'system',
            programId: '11111111111111111111111111111111',
            parsed: { type: 'transfer', info: { source: payer, destination: escrow, lamports } },
          },
        ],
      },
    ],
  },
  transaction: {
    signatures: [signature],
    message: {
      accountKeys: [
        { pubkey: feePayer, signer: true, writable: true },
        { pubkey: payer, signer: false, writable: true },
        { pubkey: escrow, signer: false, writable: true },
      ],
      instructions: [{ programId: program, accounts: [payer, escrow], data: '' }],
    },
  },
});

const setup = (answer: unknown) => {
  const rpc: RpcClient = {
    url: 'http://node.invalid',
    commitment: 'confirmed',
    call: async <T>(method: string) =>
      (method === 'getSignatureStatuses'
        ? { context: { slot: 1 }, value: [{ err: null, confirmationStatus: 'confirmed' }] }
        : answer) as T,
  };
  return new SolanaChain({ rpc, confirmWaitMs: 0 });
};

describe('SolanaChain with program-made transfers', () => {
  it('finds an inner (CPI) transfer but refuses it when the payer did not sign', async () => {
    const chain = setup(cpiTransfer(1500));
    const check = await chain.verifyTransfer({
      signature,
      from: payer,
      to: escrow,
      lamports: 1500n,
    });
    expect(check).toEqual({
      ok: false,
      reason: 'not_signed_by_payer',
      message: `The payer ${payer} did not sign this transaction`,
    });
    const incoming = await setup(cpiTransfer(1500)).verifyTransfer({
      signature,
      from: payer,
      to: escrow,
      lamports: 1501n,
    });
    expect(incoming).toMatchObject({ reason: 'no_matching_transfer' });
  });

  it('keeps amounts above 2^53 lamports exact', async () => {
    const chain = setup(cpiTransfer('9007199254740993'));
    const check = await chain.verifyTransfer({
      signature,
      from: payer,
      to: escrow,
      lamports: 9_007_199_254_740_993n,
    });
    expect(check).toMatchObject({ reason: 'not_signed_by_payer' });
  });

  it('treats an answer of the wrong shape as the chain being unavailable', async () => {
    const failure = await setup({ slot: 1 })
      .verifyTransfer({ signature, from: payer, to: escrow, lamports: 1n })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'UnavailableError', dependency: 'chain' });
    expect((failure as Error).cause).toMatchObject({
      name: 'ChainRpcError',
      code: 'invalid_response',
    });
  });
});
