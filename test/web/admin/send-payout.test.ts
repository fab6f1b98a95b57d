import { Connection } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { sendPayout, type PayoutInput } from '@web/features/admin/send-payout';
import { FakeWalletAdapter } from '../fake-wallet';
import { escrowKeys, RPC_URL, sellerUser } from '../handlers';

const input = (overrides: Partial<PayoutInput>): PayoutInput => ({
  adapter: new FakeWalletAdapter(escrowKeys),
  walletAddress: escrowKeys.publicKey.toBase58(),
  escrowWallet: escrowKeys.publicKey.toBase58(),
  connection: new Connection(RPC_URL),
  to: sellerUser.walletAddress,
  lamports: 1n,
  reserve: async () => 'reference',
  ...overrides,
});

describe('sendPayout pre-checks', () => {
  it('needs the recipient, the amount and a wallet adapter (Missing required data)', async () => {
    await expect(sendPayout(input({ to: null }))).rejects.toThrow('Missing required data');
    await expect(sendPayout(input({ lamports: null }))).rejects.toThrow('Missing required data');
    await expect(sendPayout(input({ adapter: null }))).rejects.toThrow('Missing required data');
  });

  it('needs a connected wallet with a public key (Escrow wallet not connected)', async () => {
    // the fake adapter has no public key until it connects
    await expect(sendPayout(input({}))).rejects.toThrow('Escrow wallet not connected');
  });
});
