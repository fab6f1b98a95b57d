import {
  claimEscrowRefund as claimCall,
  escrowRefund as offerCall,
  myPayments,
} from '@src/contracts/payments';
import { call } from './client';

/** The signed-in wallet's payments that bought nothing (refund due or refunded). */
export const getMyPayments = () => call(myPayments, {});

/** Multisig mode: the arbiter-signed close of a payment's escrow account to its payer. */
export const getEscrowRefund = (signature: string) => call(offerCall, { params: { signature } });

/** Multisig mode: records the close the payer sent (checked on chain). */
export const claimEscrowRefund = (signature: string, closeSignature: string) =>
  call(claimCall, { params: { signature }, body: { signature: closeSignature } });
