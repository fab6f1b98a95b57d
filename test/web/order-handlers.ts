import { http, HttpResponse } from 'msw';
import bs58 from 'bs58';
import { SystemInstruction, SystemProgram } from '@solana/web3.js';
import type { OrderWithProduct } from '../../src/domain/entities';
import { solToLamports } from '../../src/domain/money';
import { parseImageList } from '../../src/domain/product';
import { escrowKeys } from './fixtures';
import { api } from './api-state';

/** Like the real server: the order's signature must be a sent transfer of the exact price to escrow. */
function paymentMatches(body: Record<string, unknown>, buyerWallet: string | undefined) {
  const tx = api.state.chain.sent.find(
    (t) => t.signature && bs58.encode(t.signature) === body.escrowTransactionHash,
  );
  const product = api.state.products.find((p) => p.id === body.productId);
  if (!tx || !product || !buyerWallet) return false;
  return tx.instructions.some((ix) => {
    if (!ix.programId.equals(SystemProgram.programId)) return false;
    const transfer = SystemInstruction.decodeTransfer(ix);
    return (
      transfer.fromPubkey.toBase58() === buyerWallet &&
      transfer.toPubkey.equals(escrowKeys.publicKey) &&
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
    if (existing) return HttpResponse.json(existing, { status: 200 });
    const product = api.state.products.find((p) => p.id === body.productId)!;
    const order: OrderWithProduct = {
      id: api.state.orders.length + 1,
      productId: product.id,
      buyerId: body.buyerId as number,
      sellerId: product.sellerId,
      price: product.price,
      status: 'escrow_held',
      transactionHash: null,
      escrowTransactionHash: body.escrowTransactionHash as string,
      releaseTransactionHash: null,
      refundTransactionHash: null,
      trackingNumber: null,
      proofOfDelivery: null,
      deliveryImages: null,
      uploadedFiles: null,
      buyerAddress: (body.buyerAddress as string) ?? null,
      buyerEmail: (body.buyerEmail as string) ?? null,
      buyerName: (body.buyerName as string) ?? null,
      createdAt: new Date().toISOString(),
      trackingUploadedAt: null,
      fundsReleasedAt: null,
      refundedAt: null,
      product: {
        id: product.id,
        name: product.name,
        image: parseImageList(product.imageUrl)[0] ?? null,
        status: product.status,
      },
    };
    api.state.orders.push(order);
    return HttpResponse.json(order, { status: 201 });
  }),
  http.get('/api/orders/buyer/:id', ({ params }) =>
    HttpResponse.json(api.state.orders.filter((o) => o.buyerId === Number(params.id))),
  ),
  http.get('/api/orders/seller/:id', ({ params }) =>
    HttpResponse.json(api.state.orders.filter((o) => o.sellerId === Number(params.id))),
  ),
];
