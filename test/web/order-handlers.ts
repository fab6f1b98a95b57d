import { http, HttpResponse } from 'msw';
import bs58 from 'bs58';
import { SystemInstruction, SystemProgram, type Transaction } from '@solana/web3.js';
import { buyerOrders, createOrder, sellerOrders } from '@src/contracts/orders';
import { myPayments } from '@src/contracts/payments';
import { solToLamports } from '@src/domain/money';
import { escrowKeys } from './fixtures';
import { api } from './api-state';
import { makeOrder } from './buyer/make-order';
import { reply } from './wire';

const systemOf = (tx: Transaction, type: string) =>
  tx.instructions.filter(
    (ix) =>
      ix.programId.equals(SystemProgram.programId) &&
      SystemInstruction.decodeInstructionType(ix) === type,
  );

/**
 * Like the real server: the order's signature must be a sent transfer of the exact price to
 * escrow (in multisig mode, to an escrow account the same transaction creates).
 */
function paymentMatches(body: Record<string, unknown>, buyerWallet: string | undefined) {
  const tx = api.state.chain.sent.find(
    (t) => t.signature && bs58.encode(t.signature) === body.escrowTransactionHash,
  );
  const product = api.state.products.find((p) => p.id === body.productId);
  if (!tx || !product || !buyerWallet) return false;
  const escrows =
    api.state.escrowMode === 'multisig'
      ? systemOf(tx, 'CreateWithSeed').map((ix) =>
          SystemInstruction.decodeCreateWithSeed(ix).newAccountPubkey.toBase58(),
        )
      : [escrowKeys.publicKey.toBase58()];
  return systemOf(tx, 'Transfer').some((ix) => {
    const transfer = SystemInstruction.decodeTransfer(ix);
    return (
      transfer.fromPubkey.toBase58() === buyerWallet &&
      escrows.includes(transfer.toPubkey.toBase58()) &&
      BigInt(transfer.lamports) === solToLamports(product.price)
    );
  });
}

export const orderHandlers = [
  http.post('/api/orders', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    api.state.orderPosts.push(body);
    const failure = api.state.orderFailures.shift();
    if (failure) return HttpResponse.json({ error: failure.error }, { status: failure.status });
    const buyer = api.state.users.find((u) => u.id === body.buyerId);
    if (!paymentMatches(body, buyer?.walletAddress)) {
      return HttpResponse.json({ error: 'The payment does not match this order' }, { status: 400 });
    }
    const existing = api.state.orders.find(
      (o) => o.escrowTransactionHash === body.escrowTransactionHash,
    );
    if (existing) return reply(createOrder, existing, { status: 200 });
    const product = api.state.products.find((p) => p.id === body.productId)!;
    const order = makeOrder(product, {
      id: api.state.orders.length + 1,
      buyerId: body.buyerId as number,
      escrowTransactionHash: body.escrowTransactionHash as string,
      buyerAddress: (body.buyerAddress as string) ?? null,
      buyerEmail: (body.buyerEmail as string) ?? null,
      buyerName: (body.buyerName as string) ?? null,
      createdAt: new Date().toISOString(),
    });
    api.state.orders.push(order);
    return reply(createOrder, order, { status: 201 });
  }),
  http.get('/api/orders/buyer/:id', ({ params }) =>
    reply(
      buyerOrders,
      api.state.orders.filter((o) => o.buyerId === Number(params.id)),
    ),
  ),
  http.get('/api/orders/seller/:id', ({ params }) =>
    reply(
      sellerOrders,
      api.state.orders.filter((o) => o.sellerId === Number(params.id)),
    ),
  ),
  http.get('/api/payments', () => {
    const wallet = api.state.sessionWallet;
    if (!wallet)
      return HttpResponse.json({ error: 'Sign in with your wallet first' }, { status: 401 });
    return reply(
      myPayments,
      api.state.payments.filter((p) => p.payerWallet === wallet && p.status !== 'matched'),
    );
  }),
];
