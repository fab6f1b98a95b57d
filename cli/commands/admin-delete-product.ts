import { Command } from 'commander';
import type { Product } from '../../src/domain/entities';
import { adminSession } from '../lib/admin-session';
import type { Ctx } from '../lib/context';
import { parseId } from '../lib/orders';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { print, printJson } from '../lib/output';

export function adminDeleteProductCommand(ctx: Ctx): Command {
  return adminOptions(new Command('delete-product'))
    .description('mark a product deleted: it leaves the marketplace (admin)')
    .argument('<id>', 'product id')
    .addOption(jsonOption())
    .action(async (idText: string, flags: AdminFlags) => {
      const id = parseId(idText, 'Product id');
      const session = await adminSession(flags, ctx.logger);
      const product = await session.api.del<Product>(`/api/admin/products/${id}`, session.query());
      if (flags.json) return printJson(product);
      print(`Product #${product.id} "${product.name}" is marked as deleted.`);
    });
}
