import { Command, Option } from 'commander';
import { adminListProducts } from '@src/contracts/products';
import type { Product } from '@src/domain/entities';
import { available } from '@src/domain/product';
import { adminSession } from '../lib/admin-session';
import { wire } from '../lib/api-client';
import type { Ctx } from '../lib/context';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { print, printJson, table } from '../lib/output';
import { parseId } from '../lib/orders';

const PAGE = 200;

export function adminProductsCommand(ctx: Ctx): Command {
  return adminOptions(new Command('products'))
    .description('list every product in the marketplace, newest first (admin)')
    .addOption(new Option('--limit <n>', 'most products to list').default('200'))
    .addOption(jsonOption())
    .action(async (flags: AdminFlags & { limit: string }) => {
      const limit = parseId(flags.limit, '--limit');
      const session = await adminSession(flags, ctx.logger);
      const products: Product[] = [];
      let cursor: string | undefined;
      do {
        const reply = await session.api.call(adminListProducts, {
          query: {
            walletAddress: session.wallet,
            limit: Math.min(PAGE, limit - products.length),
            cursor,
          },
        });
        products.push(...reply.value);
        cursor = reply.headers.get('x-next-cursor') ?? undefined;
      } while (cursor && products.length < limit);

      if (flags.json) return printJson(wire(adminListProducts, products));
      if (products.length === 0) return print('No products found in the marketplace.');
      print(
        table(products, [
          { header: 'ID', value: (p) => p.id, align: 'right' },
          { header: 'NAME', value: (p) => p.name, max: 36 },
          { header: 'STATUS', value: (p) => p.status.toUpperCase() },
          { header: 'PRICE (SOL)', value: (p) => p.price, align: 'right' },
          { header: 'QTY', value: (p) => `${available(p)}/${p.quantity}`, align: 'right' },
          { header: 'CATEGORY', value: (p) => p.category },
          { header: 'CONDITION', value: (p) => p.condition },
          { header: 'SELLER', value: (p) => p.sellerId, align: 'right' },
          { header: 'LOCATION', value: (p) => p.location, max: 24 },
        ]),
      );
      if (cursor) print(`(more products exist: raise --limit to see them)`);
    });
}
