import type { Product } from '../../../src/domain/entities';
import { request } from './client';

export const getProduct = (id: number) => request<Product>(`/api/products/${id}`);
