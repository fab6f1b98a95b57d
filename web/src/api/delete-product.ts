import { deleteProduct as remove } from '@src/contracts/products';
import { call } from './client';

/** The seller deletes an own listing (one with orders only leaves the lists). */
export const deleteProduct = (id: number) => call(remove, { params: { id } });
