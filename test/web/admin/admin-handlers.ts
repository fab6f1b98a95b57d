import { http, HttpResponse } from 'msw';
import bs58 from 'bs58';
import { Keypair, SystemInstruction, SystemProgram } from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519';
import { beforeEach } from 'vitest';
import { adminOrders, refundOrder, releaseFunds } from '@src/contracts/orders';
import { listPayments, refundPayment, reservePaymentRefund } from '@src/contracts/payments';
import { payoutsDue, recordPayout, recoverPayout, reservePayout } from '@src/contracts/payouts';
import type { AnswerOf } from '@src/contracts/endpoint';
import { splitParts } from '@src/domain/dispute';
import { adminDeleteProduct, adminListProducts } from '@src/contracts/products';
import type { Payment } from '@src/domain/entities';
import { solToLamports } from '@src/domain/money';
import { api, escrowKeys } from '../handlers';
import { server } from '../setup';
import { reply } from '../wire';

/** What the fake admin API saw, and how it should answer. */
export interface AdminApi {
  payments: Payment[];
  records: { path: string; body: Record<string, any> }[];
  /** The next recording (release, refund, payment refund) answers this error. */
  failRecord: { status: number; error: string }[];
  failDelete: { status: number; error: string } | null;
  /** The query of every GET /api/admin/products. */
  productQueries: Record<string, string>[];
  /** GET /api/admin/payouts-due answers these. */
  due: AnswerOf<typeof payoutsDue>;
  /** Bodies of POST /api/admin/payouts/:id/reserve, and the references handed out. */
  reserves: { orderId: number; body: Record<string, any>; reference: string }[];
  /** Payment refunds reserved (POST /api/admin/payments/:signature/refund/reserve). */
  paymentReserves: { signature: string; reference: string }[];
  /** The next reservation answers this error. */
  failReserve: { status: number; error: string } | null;
  /** What POST /api/admin/payouts/:id/recover answers (the orders it was asked about). */
  recoverOutcome: 'recorded' | 'abandoned' | 'in_flight' | 'none';
  recovered: number[];
}

const json = (status: number, error: string) => HttpResponse.json({ error }, { status });

/** Like the server: the session's wallet must be an admin and equal ?walletAddress=. */
function refused(request: Request) {
  const wallet = new URL(request.url).searchParams.get('walletAddress');
  const session = api.state.sessionWallet;
  if (!session || wallet !== session || !api.state.admins.has(session)) {
    return json(403, 'Admin privileges required');
  }
  return null;
}

/** The signature must be a sent, validly signed transfer escrow -> `to` of exactly `lamports`. */
export function paidOut(signature: string, to: string, lamports: bigint) {
  const tx = api.state.chain.sent.find(
    (t) => t.signature && bs58.encode(t.signature) === signature,
  );
  if (
    !tx ||
    !ed25519.verify(tx.signature!, tx.serializeMessage(), escrowKeys.publicKey.toBytes())
  ) {
    return false;
  }
  return tx.instructions.some((ix) => {
    if (!ix.programId.equals(SystemProgram.programId)) return false;
    const t = SystemInstruction.decodeTransfer(ix);
    return (
      t.fromPubkey.equals(escrowKeys.publicKey) &&
      t.toPubkey.toBase58() === to &&
      BigInt(t.lamports) === lamports
    );
  });
}

/** Like the server: search, one status, newest first, `limit` a page with X-Next-Cursor. */
function productsPage(q: URLSearchParams) {
  state.productQueries.push(Object.fromEntries(q));
  const term = q.get('search')?.toLowerCase();
  const status = q.get('status');
  const matching = api.state.products
    .filter((p) => p.status !== 'removed')
    .filter((p) => !status || p.status === status)
    .filter((p) => !term || `${p.name} ${p.description}`.toLowerCase().includes(term))
    .sort((a, b) => b.id - a.id);
  const limit = Number(q.get('limit') ?? 200);
  const from = Number(q.get('cursor') ?? 0);
  const items = matching.slice(from, from + limit);
  const more = from + limit < matching.length;
  return reply(adminListProducts, items, {
    headers: more ? { 'X-Next-Cursor': String(from + limit) } : {},
  });
}

/** The sent transaction of `signature` carries `reference` as a read-only key of a transfer. */
function carries(signature: string, reference: string) {
  const tx = api.state.chain.sent.find(
    (t) => t.signature && bs58.encode(t.signature) === signature,
  );
  return !!tx?.instructions.some((ix) =>
    ix.keys.some((k) => k.pubkey.toBase58() === reference && !k.isSigner && !k.isWritable),
  );
}

const walletOf = (userId: number) =>
  api.state.users.find((u) => u.id === userId)?.walletAddress ?? '';

const fresh = (): AdminApi => ({
  payments: [],
  records: [],
  failRecord: [],
  failDelete: null,
  productQueries: [],
  due: [],
  reserves: [],
  paymentReserves: [],
  failReserve: null,
  recoverOutcome: 'none',
  recovered: [],
});
/** One per test file (installAdminApi runs once in each); reset before every test. */
const state: AdminApi = fresh();

export function installAdminApi(): AdminApi {
  beforeEach(() => {
    Object.assign(state, fresh());
    const record = (path: string, body: Record<string, any>) => {
      state.records.push({ path, body });
      const fail = state.failRecord.shift();
      return fail ? json(fail.status, fail.error) : null;
    };
    server.use(
      http.get(
        '/api/admin/products',
        ({ request }) => refused(request) ?? productsPage(new URL(request.url).searchParams),
      ),
      http.delete('/api/admin/products/:id', ({ request, params }) => {
        const no = refused(request);
        if (no) return no;
        if (state.failDelete) return json(state.failDelete.status, state.failDelete.error);
        const product = api.state.products.find((p) => p.id === Number(params.id))!;
        product.status = 'deleted';
        return reply(adminDeleteProduct, product);
      }),
      http.get(
        '/api/admin/escrow-orders',
        ({ request }) =>
          refused(request) ??
          reply(
            adminOrders,
            api.state.orders.filter(
              (o) =>
                o.status ===
                (new URL(request.url).searchParams.get('status') ?? 'tracking_uploaded'),
            ),
          ),
      ),
      http.post('/api/admin/release-funds/:id', async ({ request, params }) => {
        const no = refused(request);
        if (no) return no;
        const body = (await request.json()) as Record<string, any>;
        const failed = record(new URL(request.url).pathname, body);
        if (failed) return failed;
        const order = api.state.orders.find((o) => o.id === Number(params.id))!;
        if (
          !paidOut(
            body.releaseTransactionHash,
            walletOf(order.sellerId),
            solToLamports(order.price),
          )
        ) {
          return json(400, 'The release transfer does not match this order');
        }
        Object.assign(order, {
          status: 'completed',
          releaseTransactionHash: body.releaseTransactionHash,
        });
        return reply(releaseFunds, order);
      }),
      http.post('/api/admin/refund/:id', async ({ request, params }) => {
        const no = refused(request);
        if (no) return no;
        const body = (await request.json()) as Record<string, any>;
        const failed = record(new URL(request.url).pathname, body);
        if (failed) return failed;
        const order = api.state.orders.find((o) => o.id === Number(params.id))!;
        if (
          !paidOut(body.refundTransactionHash, walletOf(order.buyerId), solToLamports(order.price))
        ) {
          return json(400, 'The refund transfer does not match this order');
        }
        Object.assign(order, {
          status: 'cancelled',
          refundTransactionHash: body.refundTransactionHash,
        });
        return reply(refundOrder, order);
      }),
      http.get(
        '/api/admin/payouts-due',
        ({ request }) => refused(request) ?? reply(payoutsDue, state.due),
      ),
      http.post('/api/admin/payouts/:id/reserve', async ({ request, params }) => {
        const no = refused(request);
        if (no) return no;
        const body = (await request.json()) as Record<string, any>;
        if (state.failReserve) {
          const fail = state.failReserve;
          state.failReserve = null;
          return json(fail.status, fail.error);
        }
        const order = api.state.orders.find((o) => o.id === Number(params.id))!;
        const price = solToLamports(order.price);
        let parts: { seller: bigint; buyer: bigint };
        try {
          parts =
            body.action === 'split'
              ? splitParts(order.price, body.sellerPart ?? '')
              : body.action === 'release'
                ? { seller: price, buyer: 0n }
                : { seller: 0n, buyer: price };
        } catch (error) {
          return json(400, (error as Error).message);
        }
        const reference = Keypair.generate().publicKey.toBase58();
        state.reserves.push({ orderId: order.id, body, reference });
        // As the server lists it: an open payout attempt made by an admin is its decision.
        Object.assign(order, { decided: parts.seller > 0n ? 'release' : 'refund' });
        const planned = [
          {
            recipient: 'seller' as const,
            wallet: walletOf(order.sellerId),
            lamports: parts.seller,
          },
          { recipient: 'buyer' as const, wallet: walletOf(order.buyerId), lamports: parts.buyer },
        ].filter((p) => p.lamports > 0n);
        return reply(
          reservePayout,
          {
            attempt: {
              id: state.reserves.length,
              orderId: order.id,
              action: body.action,
              sellerLamports: parts.seller,
              buyerLamports: parts.buyer,
              reference,
              lastValidBlockHeight: BigInt(body.lastValidBlockHeight),
              signature: null,
              status: 'open',
              madeBy: 'admin',
              createdAt: new Date().toISOString(),
              closedAt: null,
            },
            parts: planned,
          },
          { status: 201 },
        );
      }),
      http.post('/api/admin/payouts/:id/recover', ({ request, params }) => {
        const no = refused(request);
        if (no) return no;
        const order = api.state.orders.find((o) => o.id === Number(params.id)) ?? null;
        state.recovered.push(Number(params.id));
        return reply(recoverPayout, { outcome: state.recoverOutcome, order });
      }),
      http.post('/api/admin/payouts/:id', async ({ request, params }) => {
        const no = refused(request);
        if (no) return no;
        const body = (await request.json()) as Record<string, any>;
        const failed = record(new URL(request.url).pathname, body);
        if (failed) return failed;
        const order = api.state.orders.find((o) => o.id === Number(params.id))!;
        const reserved = state.reserves.findLast((r) => r.orderId === order.id);
        if (!reserved || !carries(body.signature, reserved.reference)) {
          return json(400, 'The payout transaction does not carry its reference');
        }
        const action = reserved.body.action as string;
        Object.assign(order, { status: action === 'refund' ? 'cancelled' : 'completed' });
        return reply(recordPayout, order);
      }),
      http.get('/api/admin/payments', ({ request }) => {
        const no = refused(request);
        if (no) return no;
        const status = new URL(request.url).searchParams.get('status');
        return reply(
          listPayments,
          state.payments.filter((p) => !status || p.status === status),
        );
      }),
      http.post('/api/admin/payments/:signature/refund/reserve', async ({ request, params }) => {
        const no = refused(request);
        if (no) return no;
        if (state.failReserve) {
          const fail = state.failReserve;
          state.failReserve = null;
          return json(fail.status, fail.error);
        }
        const signature = String(params.signature);
        if (state.paymentReserves.some((r) => r.signature === signature)) {
          return json(409, 'A refund of this payment is under way');
        }
        const reference = Keypair.generate().publicKey.toBase58();
        state.paymentReserves.push({ signature, reference });
        return reply(reservePaymentRefund, { reference }, { status: 201 });
      }),
      http.post('/api/admin/payments/:signature/refund', async ({ request, params }) => {
        const no = refused(request);
        if (no) return no;
        const body = (await request.json()) as Record<string, any>;
        const failed = record(new URL(request.url).pathname, body);
        if (failed) return failed;
        const payment = state.payments.find((p) => p.signature === params.signature)!;
        if (!paidOut(body.refundTransactionHash, payment.payerWallet, payment.lamports)) {
          return json(400, 'The refund transfer does not match this payment');
        }
        const reserved = state.paymentReserves.findLast((r) => r.signature === payment.signature);
        if (!reserved || !carries(body.refundTransactionHash, reserved.reference)) {
          return json(400, 'The refund transfer does not carry its reference');
        }
        Object.assign(payment, {
          status: 'refunded',
          refundSignature: body.refundTransactionHash,
          refundedAt: new Date().toISOString(),
        });
        return reply(refundPayment, payment);
      }),
    );
  });
  return state;
}
