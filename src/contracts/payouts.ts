import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  adminQuery,
  blockHeight,
  idText,
  jsonObject,
  lamportsText,
  none,
  signature,
} from './fields';
import { orderWire, orderWithProductWire, payoutAttemptWire } from './wire';

const id = z.object({ id: idText('order id') });

export const payoutsDue = endpoint({
  method: 'GET',
  path: '/api/admin/payouts-due',
  params: none,
  query: adminQuery,
  body: null,
  answer: z.array(
    z.object({
      order: orderWithProductWire,
      action: z.enum(['release', 'refund']),
      reason: z.string(),
      since: z.string(),
      attempt: payoutAttemptWire.nullable(),
    }),
  ),
  spec: false,
  summary: 'payouts due (release or refund, why, since when), oldest first',
});

export const reservePayout = endpoint({
  method: 'POST',
  path: '/api/admin/payouts/:id/reserve',
  params: id,
  query: adminQuery,
  body: jsonObject({
    action: z.enum(['release', 'refund', 'split'], {
      error: 'action must be one of release, refund, split',
    }),
    sellerPart: z.string({ error: 'sellerPart must be an amount in SOL, as text' }).optional(),
    lastValidBlockHeight: blockHeight('lastValidBlockHeight'),
  }),
  answer: z.object({
    attempt: payoutAttemptWire,
    parts: z.array(
      z.object({
        recipient: z.enum(['seller', 'buyer']),
        wallet: z.string(),
        lamports: lamportsText,
      }),
    ),
  }),
  status: 201,
  spec: false,
  summary:
    'before sending a payout: the order may take it and no other payout of it is under way; the reference the transfer must carry',
});

export const recordPayout = endpoint({
  method: 'POST',
  path: '/api/admin/payouts/:id',
  params: id,
  query: adminQuery,
  body: jsonObject({ signature: signature('signature') }),
  answer: orderWire,
  spec: false,
  summary: 'records the reserved payout once sent (checked on chain, part by part)',
});

export const recoverPayout = endpoint({
  method: 'POST',
  path: '/api/admin/payouts/:id/recover',
  params: id,
  query: adminQuery,
  body: null,
  answer: z.object({
    outcome: z.enum(['recorded', 'abandoned', 'in_flight', 'none']),
    order: orderWithProductWire.nullable(),
  }),
  spec: false,
  summary:
    'what became of a payout whose sender never came back: recorded, abandoned or still in flight',
});
