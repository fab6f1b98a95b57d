import { Command } from 'commander';
import { adminDeleteProduct, getProduct } from '@src/contracts/products';
import { adminSession } from '../lib/admin-session';
import { wire } from '../lib/api-client';
import { confirm } from '../lib/confirm';
import type { Ctx } from '../lib/context';
import { named, parseId } from '../lib/orders';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { note, print, printJson } from '../lib/output';

export function adminDeleteProductCommand(ctx: Ctx): Command {
  return adminOptions(new Command('delete-product'))
    .description('mark a product deleted: it leaves the marketplace (admin); asks first')
    .argument('<id>', 'product id')
    .option('-y, --yes', 'do not ask for confirmation')
    .addOption(jsonOption())
    .action(async (idText: string, flags: AdminFlags & { yes?: boolean }) => {
      const id = parseId(idText, 'Product id');
      const session = await adminSession(flags, ctx.logger);
      const shown = await named(`Product #${id}`, session.api.send(getProduct, { params: { id } }));
      note(
        `Product #${shown.id} "${shown.name}" (${shown.status}, ${shown.price} SOL, seller #${shown.sellerId}) leaves the marketplace.`,
      );
      await confirm(`Delete product #${shown.id}?`, {
        yes: flags.yes,
        untouched: 'nothing was deleted',
      });
      const product = await session.api.send(adminDeleteProduct, {
        params: { id },
        query: { walletAddress: session.wallet },
      });
      if (flags.json) return printJson(wire(adminDeleteProduct, product));
      print(`Product #${product.id} "${product.name}" is marked as deleted.`);
    });
}
