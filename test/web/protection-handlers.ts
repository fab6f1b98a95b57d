import { http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import type { AnswerOf } from '@src/contracts/endpoint';
import {
  cancelOrder,
  confirmReceipt,
  openDispute,
  orderThread,
  postMessage,
} from '@src/contracts/orders';
import type { DisputeReason } from '@src/domain/dispute';
import { adminUser, api } from './handlers';
import { server } from './setup';
import { reply } from './wire';

type Thread = AnswerOf<typeof orderThread>;
/** A thread as a test sets it: without the listing as sold, the order has none kept. */
type StoredThread = Omit<Thread, 'listingAsSold'> & Partial<Pick<Thread, 'listingAsSold'>>;

/** What the fake protection API saw, and how it should answer. */
export interface ProtectionApi {
  /** Every move asked for: path, and the text fields and file names of a multipart form. */
  calls: { path: string; fields: Record<string, string>; files: string[] }[];
  threads: Map<number, StoredThread>;
  /** The next move or message answers this error. */
  failNext: { status: number; error: string } | null;
}

const json = (status: number, error: string) => HttpResponse.json({ error }, { status });

/** The order's party of the session's wallet, or null. */
function partyOf(orderId: number) {
  const order = api.state.orders.find((o) => o.id === orderId);
  const user = api.state.users.find((u) => u.walletAddress === api.state.sessionWallet);
  if (!order || !user) return null;
  if (user.id === order.buyerId) return 'buyer' as const;
  if (user.id === order.sellerId) return 'seller' as const;
  return api.state.admins.has(user.walletAddress) ? ('admin' as const) : null;
}

export function installProtectionApi(): ProtectionApi {
  const state: ProtectionApi = { calls: [], threads: new Map(), failNext: null };
  beforeEach(() => {
    Object.assign(state, { calls: [], threads: new Map(), failNext: null });
    const thread = (id: number): Thread => ({
      dispute: null,
      messages: [],
      listingAsSold: null,
      ...state.threads.get(id),
    });
    const heard = async (request: Request, form: boolean) => {
      const fields: Record<string, string> = {};
      const files: string[] = [];
      if (form) {
        for (const [key, value] of (await request.formData()).entries()) {
          if (typeof value === 'string') fields[key] = value;
          else files.push(value.name);
        }
      }
      state.calls.push({ path: new URL(request.url).pathname, fields, files });
      const fail = state.failNext;
      state.failNext = null;
      return { fields, files, fail };
    };
    const move =
      (status: 'release_due' | 'refund_due') =>
      async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
        const id = Number(params.id);
        const { fail } = await heard(request, false);
        if (fail) return json(fail.status, fail.error);
        if (!partyOf(id)) return json(403, 'Only the order’s buyer or seller can do that');
        const order = api.state.orders.find((o) => o.id === id)!;
        Object.assign(order, { status });
        return reply(status === 'release_due' ? confirmReceipt : cancelOrder, order);
      };
    server.use(
      http.post('/api/orders/:id/confirm-receipt', move('release_due')),
      http.post('/api/orders/:id/cancel', move('refund_due')),
      http.post('/api/orders/:id/dispute', async ({ request, params }) => {
        const id = Number(params.id);
        const { fields, files, fail } = await heard(request, true);
        if (fail) return json(fail.status, fail.error);
        const party = partyOf(id);
        if (party !== 'buyer' && party !== 'seller') return json(403, 'Not your order');
        const order = api.state.orders.find((o) => o.id === id)!;
        Object.assign(order, { status: 'disputed' });
        state.threads.set(id, {
          dispute: {
            id: 1,
            orderId: id,
            openedBy: party,
            reason: fields.reason as DisputeReason,
            openedAt: '2025-03-08T10:00:00.000Z',
            resolution: null,
            sellerLamports: null,
            buyerLamports: null,
            resolvedAt: null,
          },
          messages: [...thread(id).messages, message(id, party, fields.message ?? '', files)],
        });
        return reply(openDispute, order);
      }),
      http.get('/api/orders/:id/thread', ({ params }) => {
        const id = Number(params.id);
        if (!partyOf(id)) return json(403, 'Not your order');
        return reply(orderThread, thread(id));
      }),
      http.post('/api/orders/:id/messages', async ({ request, params }) => {
        const id = Number(params.id);
        const { fields, files, fail } = await heard(request, true);
        if (fail) return json(fail.status, fail.error);
        const party = partyOf(id);
        if (!party) return json(403, 'Not your order');
        const added = message(id, party, fields.body ?? '', files);
        state.threads.set(id, { ...thread(id), messages: [...thread(id).messages, added] });
        return reply(postMessage, added, { status: 201 });
      }),
    );
  });
  return state;
}

let nextMessageId = 1;

/** A message as the server stores it: its files' stored names, and the names they had. */
export function message(
  orderId: number,
  role: 'buyer' | 'seller' | 'admin',
  body: string,
  files: string[] = [],
  fileNames: string[] = files,
): Thread['messages'][number] {
  const authorId =
    role === 'admin'
      ? adminUser.id
      : role === 'buyer'
        ? api.state.orders.find((o) => o.id === orderId)!.buyerId
        : api.state.orders.find((o) => o.id === orderId)!.sellerId;
  return {
    id: nextMessageId++,
    orderId,
    authorId,
    role,
    body,
    files,
    fileNames,
    createdAt: '2025-03-08T10:00:00.000Z',
  };
}
