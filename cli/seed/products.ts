import { createProduct, listProducts } from '@src/contracts/products';
import type { Product } from '@src/domain/entities';
import { imageFieldOf } from '@src/contracts/image-field';
import { listing } from './catalogue';
import { colour, gradientPng, pngDataUrl } from './png';
import { runPool } from './pool';
import { UPLOADS_AT_ONCE } from '@src/domain/limits';
import type { SeedWallet } from './wallets';

/** Every product the seed sellers already have, by name (seed names are unique: "… #n"). */
export async function existingProducts(
  sellers: readonly SeedWallet[],
): Promise<Map<string, Product>> {
  const found = new Map<string, Product>();
  await runPool(sellers, 4, async (seller) => {
    let cursor: string | undefined;
    do {
      const reply = await seller.api.call(listProducts, {
        query: { sellerId: seller.user.id, limit: 200, cursor },
      });
      for (const product of reply.value) found.set(product.name, product);
      cursor = reply.headers.get('x-next-cursor') ?? undefined;
    } while (cursor);
  });
  return found;
}

/** One to three small generated PNGs for every `every`-th product (0: none). */
function imagesFor(index: number, every: number): string[] {
  if (every < 1 || index % every !== 0) return [];
  const count = 1 + (Math.floor(index / every) % 3);
  const urls = Array.from({ length: count }, (_, k) =>
    pngDataUrl(gradientPng(colour(index + k), colour(index + k + 3, 0.3), 64 + 16 * k)),
  );
  return urls;
}

/**
 * Products 0 … total−1 of the seed catalogue, created through the API by their sellers
 * (product i belongs to seller i mod n) unless a product of that name exists. Returns them
 * all in catalogue order.
 */
export async function createProducts(opts: {
  sellers: readonly SeedWallet[];
  total: number;
  /** Every how many products gets images; 0 for none. */
  imageEvery: number;
  existing: Map<string, Product>;
  concurrency: number;
  onCreated: () => void;
}): Promise<{ products: Product[]; created: number }> {
  const indexes = Array.from({ length: opts.total }, (_, i) => i);
  let created = 0;
  // The server reads at most UPLOADS_AT_ONCE listings at once from one address.
  const products = await runPool(
    indexes,
    Math.min(opts.concurrency, UPLOADS_AT_ONCE),
    async (index) => {
      const item = listing(index);
      const had = opts.existing.get(item.name);
      if (had) return had;
      const seller = opts.sellers[index % opts.sellers.length]!;
      const product = await seller.api.send(createProduct, {
        body: {
          ...item,
          status: 'active',
          sellerId: seller.user.id,
          imageUrl: imageFieldOf(imagesFor(index, opts.imageEvery)),
        },
      });
      created += 1;
      opts.onCreated();
      return product;
    },
  );
  return { products, created };
}
