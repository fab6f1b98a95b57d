import {
  createAssociatedTokenAccount,
  createInitializeAccount3Instruction,
  createMint,
  createMultisig,
  closeAccount,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  NATIVE_MINT,
  syncNative,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  transferChecked,
  ACCOUNT_SIZE,
} from '@solana/spl-token';
import { createTransfer, validateTransfer } from '@solana/pay';
import { address, createSolanaRpc } from '@solana/kit';
import {
  Keypair,
  LAMPORTS_PER_SOL,
  sendAndConfirmTransaction,
  SystemProgram,
  Transaction,
  type ParsedAccountData,
  type ParsedInstruction,
} from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcClient } from '@src/adapters/solana/rpc-client';
import { startTestChain, type TestChain } from '@test/support/chain';

const parsedData = (data: unknown) => (data as ParsedAccountData).parsed;

describe('local chain with the SPL Token programs', () => {
  let t: TestChain;
  const payer = Keypair.generate();
  const alice = Keypair.generate();
  const bob = Keypair.generate();
  beforeAll(async () => {
    t = await startTestChain();
    await Promise.all([t.fund(payer, 20), t.fund(alice, 2), t.fund(bob, 1)]);
  });
  afterAll(() => t.stop());

  async function tokenWithBalances() {
    const mint = await createMint(t.connection, payer, payer.publicKey, null, 6);
    const from = await getOrCreateAssociatedTokenAccount(
      t.connection,
      payer,
      mint,
      alice.publicKey,
    );
    const to = await getOrCreateAssociatedTokenAccount(t.connection, payer, mint, bob.publicKey);
    await mintTo(t.connection, payer, mint, from.address, payer, 5_000_000);
    return { mint, from: from.address, to: to.address };
  }

  it('parses a token transfer, its token balances, the accounts and the mint', async () => {
    const { mint, from, to } = await tokenWithBalances();
    const sig = await transferChecked(t.connection, payer, from, mint, to, alice, 1_500_000, 6);
    const tx = await t.connection.getParsedTransaction(sig, { commitment: 'confirmed' });
    const ix = tx!.transaction.message.instructions[0] as ParsedInstruction;
    expect(ix).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'transferChecked',
        info: {
          source: from.toBase58(),
          mint: mint.toBase58(),
          destination: to.toBase58(),
          authority: alice.publicKey.toBase58(),
          tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' },
        },
      },
    });
    const toIndex = tx!.transaction.message.accountKeys.findIndex((k) => k.pubkey.equals(to));
    const pre = tx!.meta!.preTokenBalances!.find((b) => b.accountIndex === toIndex);
    const post = tx!.meta!.postTokenBalances!.find((b) => b.accountIndex === toIndex);
    expect(pre).toMatchObject({
      mint: mint.toBase58(),
      owner: bob.publicKey.toBase58(),
      programId: TOKEN_PROGRAM_ID.toBase58(),
      uiTokenAmount: { amount: '0', uiAmountString: '0' },
    });
    expect(post?.uiTokenAmount).toMatchObject({ amount: '1500000', uiAmountString: '1.5' });

    const account = await t.connection.getParsedAccountInfo(to);
    expect(parsedData(account.value?.data)).toMatchObject({
      type: 'account',
      info: { owner: bob.publicKey.toBase58(), state: 'initialized', isNative: false },
    });
    const minted = await t.connection.getParsedAccountInfo(mint);
    expect(parsedData(minted.value?.data)).toEqual({
      type: 'mint',
      info: {
        mintAuthority: payer.publicKey.toBase58(),
        supply: '5000000',
        decimals: 6,
        isInitialized: true,
        freezeAuthority: null,
      },
    });
    expect((await t.connection.getTokenAccountBalance(to)).value.uiAmountString).toBe('1.5');
    expect((await t.connection.getTokenSupply(mint)).value).toMatchObject({
      amount: '5000000',
      decimals: 6,
    });
    const kit = createSolanaRpc(t.chain.rpcUrl);
    const balance = await kit.getTokenAccountBalance(address(to.toBase58())).send();
    expect(balance.value).toMatchObject({ amount: '1500000', decimals: 6, uiAmountString: '1.5' });
    const supply = await kit.getTokenSupply(address(mint.toBase58())).send();
    expect(supply.value.amount).toBe('5000000');
  });

  it('lists token accounts by owner, raw and parsed, with web3.js and kit', async () => {
    const { mint, to } = await tokenWithBalances();
    const byMint = await t.connection.getTokenAccountsByOwner(bob.publicKey, { mint });
    expect(byMint.value.map((a) => a.pubkey.toBase58())).toEqual([to.toBase58()]);
    const parsed = await t.connection.getParsedTokenAccountsByOwner(bob.publicKey, {
      programId: TOKEN_PROGRAM_ID,
    });
    expect(parsed.value.map((a) => a.pubkey.toBase58())).toContain(to.toBase58());
    const kit = createSolanaRpc(t.chain.rpcUrl);
    const viaKit = await kit
      .getTokenAccountsByOwner(
        address(bob.publicKey.toBase58()),
        { mint: address(mint.toBase58()) },
        { encoding: 'jsonParsed' },
      )
      .send();
    expect(viaKit.value[0]?.account.data.parsed.info.mint).toBe(mint.toBase58());
    const rpc = createRpcClient({ url: t.chain.rpcUrl });
    await expect(
      rpc.call('getTokenAccountsByOwner', [
        bob.publicKey.toBase58(),
        { programId: bob.publicKey.toBase58() },
      ]),
    ).rejects.toMatchObject({ details: { rpcCode: -32602 } });
    await expect(t.connection.getTokenAccountBalance(payer.publicKey)).rejects.toThrow(
      /not a Token account/,
    );
  });

  it('filters program accounts by size and bytes, and refuses a fifth filter', async () => {
    const { to } = await tokenWithBalances();
    const mine = await t.connection.getProgramAccounts(TOKEN_PROGRAM_ID, {
      filters: [
        { dataSize: ACCOUNT_SIZE },
        { memcmp: { offset: 32, bytes: bob.publicKey.toBase58() } },
      ],
    });
    expect(mine.map((a) => a.pubkey.toBase58())).toContain(to.toBase58());
    expect(
      mine.every((a) => a.account.data.subarray(32, 64).equals(bob.publicKey.toBuffer())),
    ).toBe(true);
    const kit = createSolanaRpc(t.chain.rpcUrl);
    const sized = await kit
      .getProgramAccounts(address(TOKEN_PROGRAM_ID.toBase58()), {
        encoding: 'base64',
        filters: [{ dataSize: 82n }],
      })
      .send();
    expect(sized.length).toBeGreaterThan(0);
    const five = Array.from({ length: 5 }, () => ({ dataSize: ACCOUNT_SIZE }));
    await expect(
      t.connection.getProgramAccounts(TOKEN_PROGRAM_ID, { filters: five }),
    ).rejects.toThrow('Too many filters provided; max 4');
  });

  it("passes @solana/pay's validateTransfer for an SPL token payment", async () => {
    const { mint } = await tokenWithBalances();
    const reference = Keypair.generate().publicKey;
    const fields = {
      recipient: bob.publicKey,
      amount: new BigNumber('0.25'),
      splToken: mint,
      reference,
    };
    const tx = await createTransfer(t.connection, alice.publicKey, fields);
    const sig = await sendAndConfirmTransaction(t.connection, tx, [alice]);
    const validated = await validateTransfer(t.connection, sig, fields, {
      commitment: 'confirmed',
    });
    expect(validated.transaction.signatures[0]).toBe(sig);
  });

  it('parses a 2-of-3 multisig holding wrapped SOL, and its close by two signers', async () => {
    const [a, b, c] = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
    const signers = [a, b, c].map((k) => k.publicKey);
    const multisig = await createMultisig(t.connection, payer, signers, 2);
    const info = await t.connection.getParsedAccountInfo(multisig);
    expect(info.value?.data).toMatchObject({
      program: 'spl-token',
      space: 355,
      parsed: {
        type: 'multisig',
        info: {
          numRequiredSigners: 2,
          numValidSigners: 3,
          isInitialized: true,
          signers: signers.map(String),
        },
      },
    });
    const escrow = Keypair.generate();
    const rent = await t.connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE);
    const open = new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: escrow.publicKey,
        lamports: rent,
        space: ACCOUNT_SIZE,
        programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeAccount3Instruction(escrow.publicKey, NATIVE_MINT, multisig),
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: escrow.publicKey,
        lamports: LAMPORTS_PER_SOL,
      }),
    );
    const opened = await sendAndConfirmTransaction(t.connection, open, [payer, escrow]);
    const openTx = await t.connection.getParsedTransaction(opened, { commitment: 'confirmed' });
    expect((openTx!.transaction.message.instructions[1] as ParsedInstruction).parsed).toEqual({
      type: 'initializeAccount3',
      info: {
        account: escrow.publicKey.toBase58(),
        mint: NATIVE_MINT.toBase58(),
        owner: multisig.toBase58(),
      },
    });
    const synced = await syncNative(t.connection, payer, escrow.publicKey);
    const syncTx = await t.connection.getParsedTransaction(synced, { commitment: 'confirmed' });
    expect((syncTx!.transaction.message.instructions[0] as ParsedInstruction).parsed).toEqual({
      type: 'syncNative',
      info: { account: escrow.publicKey.toBase58() },
    });
    const wrapped = await t.connection.getParsedAccountInfo(escrow.publicKey);
    expect(parsedData(wrapped.value?.data).info).toMatchObject({
      isNative: true,
      mint: NATIVE_MINT.toBase58(),
      owner: multisig.toBase58(),
      tokenAmount: { amount: String(LAMPORTS_PER_SOL), decimals: 9, uiAmountString: '1' },
      rentExemptReserve: { amount: String(rent) },
    });

    const dest = Keypair.generate().publicKey;
    const closed = await closeAccount(t.connection, payer, escrow.publicKey, dest, multisig, [
      a,
      b,
    ]);
    const closeTx = await t.connection.getParsedTransaction(closed, { commitment: 'confirmed' });
    expect((closeTx!.transaction.message.instructions[0] as ParsedInstruction).parsed).toEqual({
      type: 'closeAccount',
      info: {
        account: escrow.publicKey.toBase58(),
        destination: dest.toBase58(),
        multisigOwner: multisig.toBase58(),
        signers: [a.publicKey.toBase58(), b.publicKey.toBase58()],
      },
    });
    expect(closeTx!.meta!.preTokenBalances).toHaveLength(1);
    expect(closeTx!.meta!.postTokenBalances).toHaveLength(0);
    expect(await t.connection.getBalance(dest)).toBe(LAMPORTS_PER_SOL + rent);
    expect(await t.connection.getAccountInfo(escrow.publicKey)).toBeNull();
  });

  it('parses Token-2022 accounts with their extensions and instructions', async () => {
    const mint = await createMint(
      t.connection,
      payer,
      payer.publicKey,
      null,
      2,
      undefined,
      undefined,
      TOKEN_2022_PROGRAM_ID,
    );
    const ata = await createAssociatedTokenAccount(
      t.connection, payer, mint, bob.publicKey, undefined, TOKEN_2022_PROGRAM_ID,
    ); // prettier-ignore
    const sig = await mintTo(
      t.connection,
      payer,
      mint,
      ata,
      payer,
      1234,
      [],
      undefined,
      TOKEN_2022_PROGRAM_ID,
    );
    const account = await t.connection.getParsedAccountInfo(ata);
    expect(account.value?.data).toMatchObject({
      program: 'spl-token-2022',
      parsed: {
        type: 'account',
        info: {
          tokenAmount: { amount: '1234', uiAmountString: '12.34' },
          extensions: [{ extension: 'immutableOwner' }],
        },
      },
    });
    const tx = await t.connection.getParsedTransaction(sig, { commitment: 'confirmed' });
    expect(tx!.transaction.message.instructions[0]).toMatchObject({
      program: 'spl-token-2022',
      parsed: {
        type: 'mintTo',
        info: { amount: '1234', mintAuthority: payer.publicKey.toBase58() },
      },
    });
    expect(tx!.meta!.postTokenBalances![0]).toMatchObject({
      programId: TOKEN_2022_PROGRAM_ID.toBase58(),
      uiTokenAmount: { amount: '1234', decimals: 2 },
    });
  });
});
