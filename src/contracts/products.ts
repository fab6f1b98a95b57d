import { z } from 'zod';
import { CATEGORIES, type Category, type ProductStatus } from '../domain/product';
import { MANAGED_STATUSES } from '../domain/product-lifecycle';
import { endpoint } from './endpoint';
import { adminQuery, idText, none, pageLimit, queryText } from './fields';
import { listingBody } from './listing';
import { productsToWire, productWire, success } from './wire';

export const DEFAULT_PAGE = 48;
export const MAX_PAGE = 200;

const id = z.object({ id: idText('product id') });
const cursor = queryText('cursor');
/** Built once: the marketplace's page size, and a seller's list's. */
const marketLimit = pageLimit(DEFAULT_PAGE, MAX_PAGE);
const sellerLimit = pageLimit(MAX_PAGE, MAX_PAGE);

export const listProducts = endpoint({
  method: 'GET',
  path: '/api/products',
  params: none,
  query: z
    .object({
      category: queryText('category')
        .refine(
          (c) => c === undefined || c === 'all' || (CATEGORIES as readonly string[]).includes(c),
          `category must be one of all, ${CATEGORIES.join(', ')}`,
        )
        .transform((c) => c as Category | 'all' | undefined),
      search: queryText('search').transform((s) => s?.trim().slice(0, 200) || undefined),
      /** The spec's second row: a seller's own products (every status but removed). */
      sellerId: queryText('sellerId').pipe(idText('sellerId').optional()),
      /** Absent: 48 on the marketplace, 200 for a seller's list. */
      limit: queryText('limit'),
      cursor,
    })
    .transform((query, ctx) => {
      const limit = z.safeParse(query.sellerId ? sellerLimit : marketLimit, query.limit);
      if (!limit.success) {
        ctx.addIssue({ code: 'custom', path: ['limit'], message: limit.error.issues[0]!.message });
        return z.NEVER;
      }
      return { ...query, limit: limit.data };
    }),
  body: null,
  answer: z.array(productWire),
  encode: productsToWire,
  pagedBy: 'X-Next-Cursor',
  spec: true,
  summary: 'marketplace products (active and sold, newest first), or a seller’s with sellerId',
});

export const getProduct = endpoint({
  method: 'GET',
  path: '/api/products/:id',
  params: id,
  query: none,
  body: null,
  answer: productWire,
  spec: true,
  summary: 'one product whatever its status (orders keep showing it)',
});

export const createProduct = endpoint({
  method: 'POST',
  path: '/api/products',
  params: none,
  query: none,
  body: listingBody,
  answer: productWire,
  status: 201,
  spec: true,
  summary: 'lists a product for the signed-in seller; images arrive as data URLs',
});

export const updateProduct = endpoint({
  method: 'PUT',
  path: '/api/products/:id',
  params: id,
  query: none,
  body: listingBody,
  answer: productWire,
  spec: true,
  summary: 'edits the seller’s own listing',
});

export const deleteProduct = endpoint({
  method: 'DELETE',
  path: '/api/products/:id',
  params: id,
  query: none,
  body: null,
  answer: success,
  spec: true,
  summary: 'the seller deletes a listing (kept, unlisted, while orders refer to it)',
});

export const adminListProducts = endpoint({
  method: 'GET',
  path: '/api/admin/products',
  params: none,
  query: adminQuery.extend({
    limit: pageLimit(MAX_PAGE, MAX_PAGE),
    cursor,
    /** Beyond the spec: a name or description search, as on the marketplace. */
    search: queryText('search').transform((s) => s?.trim().slice(0, 200) || undefined),
    /** Beyond the spec: one status of those listed (active, sold, inactive, deleted). */
    status: queryText('status')
      .refine(
        (s) => s === undefined || (MANAGED_STATUSES as readonly string[]).includes(s),
        `status must be one of ${MANAGED_STATUSES.join(', ')}`,
      )
      .transform((s) => s as ProductStatus | undefined),
  }),
  body: null,
  answer: z.array(productWire),
  encode: productsToWire,
  pagedBy: 'X-Next-Cursor',
  spec: true,
  summary: 'every product but those their sellers removed (search and status narrow it)',
});

export const adminDeleteProduct = endpoint({
  method: 'DELETE',
  path: '/api/admin/products/:id',
  params: id,
  query: adminQuery,
  body: null,
  answer: productWire,
  spec: true,
  summary: 'an admin marks a product deleted',
});
