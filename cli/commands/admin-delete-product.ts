import { Command } from 'commander';
import { adminDeleteProduct } from '@src/contracts/products';
import { adminSession } from '../lib/admin-session';
import { wire } from '../lib/api-client';
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
      const product = await session.api.send(adminDeleteProduct, {
        params: { id },
        query: { walletAddress: session.wallet },
      });
      if (flags.json) return printJson(wire(adminDeleteProduct, product));
      print(`Product #${product.id} "${product.name}" is marked as deleted.`);
    });
}
