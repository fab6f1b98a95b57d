import { request } from './client';

/** The seller deletes an own listing (one with orders only leaves the lists). */
export const deleteProduct = (id: number) =>
  request<{ success: true }>(`/api/products/${id}`, { method: 'DELETE' });
