import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnection } from '@src/adapters/solana/connection';
import { startLocalChain, type LocalChain } from '@src/local-chain/local-chain';
import { PROFILES, type ChainProfile } from '@src/local-chain/profile';
import type { LandingStep } from '@web/lib/solana/land-transaction';
import { sendEscrowPurchase } from '@web/lib/solana/escrow-purchase';
import { sendSolTransfer } from '@web/lib/solana/send-transfer';
import { MULTISIG_SIZE, TOKEN_ACCOUNT_SIZE } from '@src/domain/escrow-multisig';
import { FakeWalletAdapter } from '../web/fake-wallet';

const SOL = BigInt(LAMPORTS_PER_SOL);
const PRICE = SOL / 4n;
let chain: LocalChain | undefined;

afterEach(async () => {
  await chain?.stop();
  chain = undefined;
});

/**
 * The mainnet profile made quick (20 ms slots, blockhashes for 12 slots unless told, no 429s) with drops
 * decided by the test: `drop.on` drops every send while it is true.
 */
async function setup(blockhashSlots = 12) {
  const drop = { on: true };
  const profile: ChainProfile = {
    ...PROFILES.mainnet!,
    slotMs: 20,
    blockhashSlots,
    dropRate: 0.5,
    rateLimit: { requests: 0, perMethod: 0, windowMs: 10_000 },
  };
  chain = await startLocalChain({ port: 0, profile, random: () => (drop.on ? 0 : 0.99) });
  const connection = createConnection(chain.rpcUrl);
  const buyer = Keypair.generate();
  const escrow = Keypair.generate().publicKey.toBase58();
  await chain.airdrop(buyer.publicKey.toBase58(), 10n * SOL);
  const wallet = new FakeWalletAdapter(buyer);
  await wallet.connect();
  const steps: LandingStep[] = [];
  const reference = Keypair.generate().publicKey.toBase58();
  const pay = (onStep: (step: LandingStep) => void = () => undefined) =>
    sendSolTransfer({
      adapter: wallet,
      connection,
      from: buyer.publicKey.toBase58(),
      to: escrow,
      lamports: PRICE,
      reference,
      onStep: (step) => {
        steps.push(step);
        onStep(step);
      },
      confirm: { intervalMs: 20, resendMs: 60 },
    });
  const received = async () => BigInt(await connection.getBalance(new PublicKey(escrow)));
  return { drop, connection, wallet, steps, pay, received, reference, escrow };
}

describe('a purchase on a lossy chain', () => {
  it('re-sends the same signed payment while its blockhash lives, and pays once', async () => {
    const t = await setup(100); // 2 s: long enough for re-sends however loaded the machine is
    // The first send is dropped; a moment later the network takes what it is sent again.
    const signature = await t.pay((step) => {
      if (step === 'waiting') setTimeout(() => (t.drop.on = false), 100);
    });
    expect(t.steps[0]).toBe('waiting');
    expect(t.steps).toContain('resending');
    expect(t.steps).not.toContain('expired');
    expect(t.wallet.signRequests).toBe(1);
    const status = (await t.connection.getSignatureStatus(signature)).value;
    expect(status?.err).toBeNull();
    expect(await t.received()).toBe(PRICE);
  });

  it('asks to sign again only after the first signing can no longer land, and pays once', async () => {
    const t = await setup();
    const signature = await t.pay((step) => {
      if (step === 'expired') t.drop.on = false;
    });
    expect(t.steps).toContain('expired');
    expect(t.wallet.signRequests).toBe(2);
    expect(await t.received()).toBe(PRICE);
    // Both signings carried the one reference; only the second is known to the chain.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const found = await t.connection.getSignaturesForAddress(
      new PublicKey(t.reference),
      undefined,
      'confirmed',
    );
    expect(found.map((s) => s.signature)).toEqual([signature]);
  });

  it('gives up after three signings that all expired, having paid nothing', async () => {
    const t = await setup();
    await expect(t.pay()).rejects.toThrow(
      'Transaction failed: It expired before the network confirmed it. Please sign again.',
    );
    expect(t.wallet.signRequests).toBe(3);
    expect(t.steps.filter((s) => s === 'expired')).toHaveLength(2);
    expect(await t.received()).toBe(0n);
  });
});

describe('a multisig purchase on a lossy chain (ESCROW_MODE=multisig)', () => {
  async function multisigSetup(blockhashSlots: number) {
    const t = await setup(blockhashSlots);
    const buyer = t.wallet.publicKey!.toBase58();
    const start = BigInt(await t.connection.getBalance(new PublicKey(buyer)));
    const pay = (onStep: (step: LandingStep) => void) =>
      sendEscrowPurchase({
        adapter: t.wallet,
        connection: t.connection,
        buyer,
        seller: Keypair.generate().publicKey.toBase58(),
        arbiter: Keypair.generate().publicKey.toBase58(),
        lamports: PRICE,
        onStep: (step) => {
          t.steps.push(step);
          onStep(step);
        },
        confirm: { intervalMs: 20, resendMs: 60 },
      });
    /** The buyer paid exactly once: the price, both accounts' rent and the landed fee. */
    const paidOnce = async (signature: string) => {
      // The profile serves history a little late: ask until it does.
      let tx = null;
      for (let tries = 0; !tx && tries < 100; tries += 1) {
        tx = await t.connection.getTransaction(signature, {
          commitment: 'confirmed',
          maxSupportedTransactionVersion: 0,
        });
        if (!tx) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const rent =
        BigInt(await t.connection.getMinimumBalanceForRentExemption(MULTISIG_SIZE)) +
        BigInt(await t.connection.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE));
      const now = BigInt(await t.connection.getBalance(new PublicKey(buyer)));
      expect(start - now).toBe(PRICE + rent + BigInt(tx!.meta!.fee));
    };
    return { ...t, pay, paidOnce };
  }

  it('re-sends the same signed purchase while its blockhash lives', async () => {
    const t = await multisigSetup(100);
    const signature = await t.pay((step) => {
      if (step === 'waiting') setTimeout(() => (t.drop.on = false), 100);
    });
    expect(t.steps).toContain('resending');
    expect(t.steps).not.toContain('expired');
    expect(t.wallet.signRequests).toBe(1);
    await t.paidOnce(signature);
  });

  it('asks to sign again only once the first signing cannot land, and pays once', async () => {
    const t = await multisigSetup(12);
    const signature = await t.pay((step) => {
      if (step === 'expired') t.drop.on = false;
    });
    expect(t.steps).toContain('expired');
    expect(t.wallet.signRequests).toBe(2);
    await t.paidOnce(signature);
  });
});
