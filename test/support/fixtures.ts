/** A real 1x1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
export const PNG_BYTES = Buffer.from(PNG_BASE64, 'base64');

/** A shell script dressed up as an image. */
export const SCRIPT_DATA_URL = `data:image/jpeg;base64,${Buffer.from('#!/bin/sh\nrm -rf /\n').toString('base64')}`;

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export function listing(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Vintage camera',
    description: 'A 1970s film camera in working order',
    price: '1.50',
    category: 'physical-items',
    condition: 'like_new',
    location: 'Lisbon',
    status: 'active',
    quantity: 1,
    requiresAddress: false,
    requiresEmail: false,
    requiresName: false,
    imageUrl: null,
    ...overrides,
  };
}

/** The spec's POST /api/orders body for a product bought with `signature`. */
export function orderBody(
  buyerId: number,
  product: { id: number; price: string; sellerId: number },
  signature: string,
) {
  return {
    productId: product.id,
    buyerId,
    sellerId: product.sellerId,
    price: product.price,
    status: 'escrow_held',
    escrowTransactionHash: signature,
  };
}
