import { getProduct as product } from '@src/contracts/products';
import { call } from './client';

export const getProduct = (id: number) => call(product, { params: { id } });
