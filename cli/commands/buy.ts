import path from 'node:path';
import { Command, Option } from 'commander';
import { z } from 'zod';
import { createOrder, purchaseRequest } from '@src/contracts/orders';
import { getProduct } from '@src/contracts/products';
import { orderWire } from '@src/contracts/wire';
import type { Product } from '@src/domain/entities';
import { contactErrors } from '@src/domain/contact';
import { solToLamports } from '@src/domain/money';
import { isPurchasable } from '@src/domain/product';
import { readKeypair } from '../lib/keypair';
import { ApiClient } from '../lib/api-client';
import { chainConfig } from '../lib/chain-config';
import type { Ctx } from '../lib/context';
import { CliError, UsageError } from '../lib/errors';
import { parseId } from '../lib/orders';
import { apiOption, checkDefaultPorts, jsonOption, signatureOption } from '../lib/options';
import { print, printJson } from '../lib/output';
import type { PayoutFlags } from '../lib/payout';
import { signIn } from '../lib/sign-in';

interface BuyFlags extends PayoutFlags {
  api: string;
  keypair: string;
  email?: string;
  address?: string;
  name?: string;
  json?: boolean;
}

/** The option that supplies each contact field, for the message when one is missing. */
const CONTACT_OPTION = { buyerEmail: '--email', buyerAddress: '--address', buyerName: '--name' };

/** The buyer's keypair: MARKETPLACE_BUYER_KEYPAIR, else the local chain's demo buyer. */
function buyerKeypairOption(): Option {
  const dataDir = process.env.DATA_DIR || './data';
  return new Option('--keypair <file>', "buyer's keypair file (Solana CLI JSON)")
    .env('MARKETPLACE_BUYER_KEYPAIR')
    .default(path.join(dataDir, 'dev-wallets', 'buyer.json'));
}

/**
 * `buy`: what the web app's Buy Now does, from a terminal. Signs in with the buyer's keypair,
 * pays the exact price into escrow, and records the order; the server verifies the payment on
 * chain before it records anything.
 */
export function buyCommand(ctx: Ctx): Command {
  return checkDefaultPorts(new Command('buy'))
    .description('buy one unit of a product: pay its price into escrow and record the order')
    .argument('<productId>', 'product id')
    .addOption(apiOption())
    .addOption(buyerKeypairOption())
    .option('--email <email>', 'your email, when the product requires it')
    .option('--address <address>', 'your shipping address, when the product requires it')
    .option('--name <name>', 'your full name, when the product requires it')
    .option('-y, --yes', 'do not ask for confirmation')
    .addOption(signatureOption('record a payment an earlier run already sent (sends nothing)'))
    .addOption(
      new Option('--rpc <url>', "Solana RPC URL (default: the server's, from /api/config)"),
    )
    .addOption(jsonOption())
    .action(async (idText: string, flags: BuyFlags) => {
      const productId = parseId(idText, 'Product id');
      const keypair = await readKeypair(flags.keypair);
      const api = new ApiClient(flags.api, ctx.logger);
      const { user } = await signIn(api, keypair);
      const product = await api.send(getProduct, { params: { id: productId } });
      const contact = {
        buyerEmail: flags.email?.trim() || undefined,
        buyerAddress: flags.address?.trim() || undefined,
        buyerName: flags.name?.trim() || undefined,
      };
      if (flags.signature === undefined) checkBuyable(product, user.id, contact);

      const config = await chainConfig(api);
      const { sendAndRecord } = await import('../lib/payout');
      const result = await sendAndRecord(
        { api, keypair },
        config,
        {
          title: `Buy "${product.name}" (product #${product.id})`,
          details: [
            ['Seller', `user #${product.sellerId}`],
            ['Escrow', 'held until an admin releases it to the seller'],
          ],
          to: config.escrowWallet,
          lamports: solToLamports(product.price),
          record: (signature) =>
            api.send(createOrder, {
              body: purchaseRequest({ product, buyerId: user.id, signature, contact }),
            }),
          finishCommand: (sig) =>
            [
              `marketplace buy ${product.id} --signature ${sig}`,
              `--keypair ${flags.keypair} --api ${flags.api}`,
              ...Object.entries({ email: flags.email, address: flags.address, name: flags.name })
                .filter(([, v]) => v)
                .map(([k, v]) => `--${k} ${JSON.stringify(v)}`),
            ].join(' '),
        },
        flags,
        ctx.logger,
      );
      const order = result.recorded;
      if (flags.json) {
        const recorded = z.encode(orderWire, order);
        return printJson({ order: recorded, ...result, recorded });
      }
      print(
        `Order #${order.id} recorded: ${product.price} SOL held in escrow for "${product.name}"`,
      );
      print(`Order status: ${order.status}`);
      print(`Signature:    ${result.signature}`);
      print(`Explorer:     ${result.explorerUrl}`);
    });
}

/** Refuses, before any money moves, what the server would refuse after it. */
function checkBuyable(
  product: Product,
  userId: number,
  contact: Parameters<typeof contactErrors>[0],
): void {
  if (!isPurchasable(product)) {
    throw new CliError(
      `Product #${product.id} "${product.name}" is not for sale (${product.status}); nothing was sent`,
    );
  }
  if (product.sellerId === userId) throw new CliError('You cannot buy your own product');
  const errors = contactErrors(contact, product);
  if (errors.length > 0) {
    throw new UsageError(
      errors
        .map((e) => `${e.message} (${CONTACT_OPTION[e.field as keyof typeof CONTACT_OPTION]})`)
        .join('; '),
    );
  }
}
