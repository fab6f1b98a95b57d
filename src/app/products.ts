import { conflict, forbidden, notFound, validation } from '../domain/errors';
import type { Product } from '../domain/entities';
import { available, CATEGORIES, parseListing, type Category } from '../domain/product';
import { requireAdmin, requireCaller, type Caller, type Deps } from './context';
import { discard, imageFileNames, storeImages } from './images';

export const DEFAULT_PAGE = 48;
export const MAX_PAGE = 200;

export interface MarketQuery {
  category?: unknown;
  search?: unknown;
  limit?: unknown;
  cursor?: unknown;
}

function pageSize(limit: unknown): number {
  if (limit === undefined || limit === '') return DEFAULT_PAGE;
  const n = Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) {
    throw validation(`limit must be a whole number from 1 to ${MAX_PAGE}`);
  }
  return n;
}

function text(value: unknown, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw validation(`${name} must be given once, as text`);
  return value;
}

/** Seller-chosen status: inactive hides a listing; otherwise stock decides active or sold. */
function statusFor(requested: unknown, quantity: number, soldQuantity: number): Product['status'] {
  if (requested === 'inactive') return 'inactive';
  if (
    requested !== undefined &&
    requested !== null &&
    requested !== 'active' &&
    requested !== 'sold'
  ) {
    throw validation('status must be active or inactive');
  }
  return available({ quantity, soldQuantity }) > 0 ? 'active' : 'sold';
}

export function makeProducts(deps: Deps) {
  const { store, uploads } = deps;

  async function owned(caller: Caller | null, id: number) {
    const who = requireCaller(caller);
    const product = await store.products.findById(id);
    if (!product || product.status === 'removed') throw notFound('Product not found');
    if (product.sellerId !== who.userId) throw forbidden('You can only change your own listings');
    if (product.status === 'deleted') {
      throw conflict('This listing was removed by an admin and can no longer be changed');
    }
    return { who, product };
  }

  function checkSeller(who: Caller, body: Record<string, unknown>) {
    if (body.sellerId !== undefined && body.sellerId !== who.userId) {
      throw forbidden('sellerId must be your own user id');
    }
  }

  return {
    async marketplace(query: MarketQuery) {
      const category = text(query.category, 'category');
      if (
        category !== undefined &&
        category !== 'all' &&
        !CATEGORIES.includes(category as Category)
      ) {
        throw validation(`category must be one of all, ${CATEGORIES.join(', ')}`);
      }
      return store.products.list({
        statuses: ['active', 'sold'],
        category: category === 'all' ? undefined : (category as Category | undefined),
        search: text(query.search, 'search')?.trim().slice(0, 200) || undefined,
        limit: pageSize(query.limit),
        cursor: text(query.cursor, 'cursor'),
      });
    },

    /** A seller's own list: everything but what the seller removed (admin-removed stays). */
    async bySeller(sellerId: number, query: MarketQuery) {
      return store.products.list({
        statuses: ['active', 'sold', 'inactive', 'deleted'],
        sellerId,
        limit: pageSize(query.limit ?? MAX_PAGE),
        cursor: text(query.cursor, 'cursor'),
      });
    },

    /** Readable by id whatever its status, so order history never breaks. */
    async get(id: number) {
      const product = await store.products.findById(id);
      if (!product) throw notFound('Product not found');
      return product;
    },

    async create(caller: Caller | null, body: Record<string, unknown>) {
      const who = requireCaller(caller);
      checkSeller(who, body);
      const listing = parseListing(body);
      const status = statusFor(body.status, listing.quantity, 0);
      const images = await storeImages(uploads, body.imageUrl, null);
      try {
        return await store.products.create({
          ...listing,
          status,
          sellerId: who.userId,
          imageUrl: images.urls.length ? JSON.stringify(images.urls) : null,
        });
      } catch (error) {
        await discard(uploads, images.added);
        throw error;
      }
    },

    async update(caller: Caller | null, id: number, body: Record<string, unknown>) {
      const { who, product } = await owned(caller, id);
      checkSeller(who, body);
      const listing = parseListing(body);
      if (listing.quantity < product.soldQuantity) {
        throw validation(`Quantity cannot be less than the ${product.soldQuantity} already sold`);
      }
      const status = statusFor(body.status, listing.quantity, product.soldQuantity);
      const images = await storeImages(uploads, body.imageUrl, product.imageUrl);
      let updated: Product | null;
      try {
        updated = await store.products.update(id, {
          ...listing,
          status,
          imageUrl: images.urls.length ? JSON.stringify(images.urls) : null,
        });
      } catch (error) {
        await discard(uploads, images.added);
        throw error;
      }
      if (!updated) throw notFound('Product not found');
      await discard(uploads, images.dropped);
      return updated;
    },

    /** A product with orders leaves every list but stays readable for its orders. */
    async remove(caller: Caller | null, id: number) {
      const { product } = await owned(caller, id);
      if (await store.products.deleteIfUnreferenced(id)) {
        await discard(uploads, imageFileNames(product.imageUrl));
      } else {
        await store.products.setStatus(id, 'removed');
      }
      return { success: true };
    },

    async adminList(caller: Caller | null, wallet: unknown, query: MarketQuery) {
      requireAdmin(caller, wallet);
      return store.products.list({
        statuses: ['active', 'sold', 'inactive', 'deleted'],
        limit: pageSize(query.limit ?? MAX_PAGE),
        cursor: text(query.cursor, 'cursor'),
      });
    },

    async adminDelete(caller: Caller | null, wallet: unknown, id: number) {
      requireAdmin(caller, wallet);
      const product = await store.products.findById(id);
      if (!product || product.status === 'removed') throw notFound('Product not found');
      const deleted = await store.products.setStatus(id, 'deleted');
      deps.logger.info({ productId: id }, 'product marked deleted by admin');
      return deleted!;
    },
  };
}
