import type { BodyIn } from '@src/contracts/endpoint';
import { createOrder as create } from '@src/contracts/orders';
import { call } from './client';

/** The body of POST /api/orders as the contract states it (spec section 7). */
export type NewOrder = BodyIn<typeof create>;

/**
 * Records a paid order. Posting the same signature again for the same product and buyer
 * answers the existing order, so a retry never needs a second payment.
 */
export const createOrder = (body: NewOrder) => call(create, { body });
