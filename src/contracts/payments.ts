import { z } from 'zod';
import { PAYMENT_STATUSES, type PaymentStatus } from '../domain/entities';
import { endpoint } from './endpoint';
import { adminQuery, blockHeight, jsonObject, none, queryText, signature } from './fields';
import { signedClose } from './orders';
import { paymentWire, reconcileReportWire } from './wire';

export const listPayments = endpoint({
  method: 'GET',
  path: '/api/admin/payments',
  params: none,
  query: adminQuery.extend({
    status: queryText('status')
      .refine(
        (s) => s === undefined || (PAYMENT_STATUSES as readonly string[]).includes(s),
        `status must be one of ${PAYMENT_STATUSES.join(', ')}`,
      )
      .transform((s) => s as PaymentStatus | undefined),
  }),
  body: null,
  answer: z.array(paymentWire),
  spec: false,
  summary: 'the ledger of verified escrow payments (refund_due: paid but bought nothing)',
});

export const refundPayment = endpoint({
  method: 'POST',
  path: '/api/admin/payments/:signature/refund',
  params: z.object({ signature: signature('payment signature') }),
  query: adminQuery,
  body: jsonObject({ refundTransactionHash: signature('refundTransactionHash') }),
  answer: paymentWire,
  spec: false,
  summary: 'records the refund of a payment that bought nothing (checked on chain)',
});

export const reservePaymentRefund = endpoint({
  method: 'POST',
  path: '/api/admin/payments/:signature/refund/reserve',
  params: z.object({ signature: signature('payment signature') }),
  query: adminQuery,
  body: jsonObject({ lastValidBlockHeight: blockHeight('lastValidBlockHeight') }),
  answer: z.object({ reference: z.string() }),
  status: 201,
  spec: false,
  summary:
    'reserves the refund of a payment that bought nothing before it is sent: the reference its transfer carries (one under way at a time)',
});

export const reconcile = endpoint({
  method: 'GET',
  path: '/api/admin/reconcile',
  params: none,
  query: adminQuery.extend({
    /** Read the escrow wallet's whole history again, not only what is new since the last run. */
    full: queryText('full').transform((v) => v === 'true' || v === '1'),
  }),
  body: null,
  answer: reconcileReportWire,
  spec: false,
  summary: 'the escrow wallet on chain against the orders and the ledger',
});

export const myPayments = endpoint({
  method: 'GET',
  path: '/api/payments',
  params: none,
  query: none,
  body: null,
  answer: z.array(paymentWire),
  spec: false,
  summary: 'the caller’s own payments that bought nothing (refund due or refunded), oldest first',
});

const paymentParams = z.object({ signature: signature('payment signature') });

export const escrowRefund = endpoint({
  method: 'GET',
  path: '/api/payments/:signature/escrow-refund',
  params: paymentParams,
  query: none,
  body: null,
  answer: signedClose,
  spec: false,
  summary:
    'multisig mode: the arbiter-signed close of a payment’s escrow account to its payer (it bought nothing)',
});

export const claimEscrowRefund = endpoint({
  method: 'POST',
  path: '/api/payments/:signature/escrow-refund',
  params: paymentParams,
  query: none,
  body: jsonObject({ signature: signature('signature') }),
  answer: paymentWire,
  spec: false,
  summary:
    'multisig mode: records the close the payer sent (checked on chain: every lamport back to the payer)',
});
