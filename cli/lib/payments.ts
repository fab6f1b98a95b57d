import type { Payment } from '../../src/domain/entities';

/** A ledger entry as the API sends it: lamports as a decimal string. */
export type PaymentJson = Omit<Payment, 'lamports'> & { lamports: string };
