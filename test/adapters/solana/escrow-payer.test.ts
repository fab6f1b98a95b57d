import { Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnection } from '@src/adapters/solana/connection';
import { KeypairEscrowPayer } from '@src/adapters/solana/escrow-payer';
import { startLocalChain, type LocalChain } from '@src/local-chain/local-chain';
import { PROFILES } from '@src/local-chain/profile';

const SOL = BigInt(LAMPORTS_PER_SOL);
let chain: LocalChain | undefined;

afterEach(async () => {
  await chain?.stop();
  chain = undefined;
});

describe('a server-built payout on a chain that drops transactions', () => {
  it('re-sends the one signed payout while it is confirmed, and pays once', async () => {
    chain = await startLocalChain({
      port: 0,
      profile: {
        ...PROFILES.mainnet!,
        slotMs: 50,
        dropRate: 1,
        rateLimit: { requests: 0, perMethod: 0, windowMs: 10_000 },
      },
    });
    const connection = createConnection(chain.rpcUrl);
    const escrow = Keypair.generate();
    const seller = Keypair.generate().publicKey.toBase58();
    await chain.airdrop(escrow.publicKey.toBase58(), 2n * SOL);
    const payer = new KeypairEscrowPayer(connection, escrow);
    const reference = Keypair.generate().publicKey.toBase58();
    const payout = await payer.prepare([{ to: seller, lamports: SOL / 2n }], reference);
    await payout.send();
    expect((await connection.getSignatureStatus(payout.signature)).value).toBeNull();
    const landed = chain;
    setTimeout(() => (landed.profile.dropRate = 0), 500);
    expect(await payout.confirm()).toBe('confirmed');
    expect(BigInt(await connection.getBalance(new PublicKey(seller)))).toBe(SOL / 2n);
    (connection as unknown as { _rpcWebSocket: { close(): void } })._rpcWebSocket.close();
  });
});
