import { conflict, DomainError, notFound } from '../domain/errors';
import type { Order } from '../domain/entities';
import { solToLamports } from '../domain/money';
import { transition, type OrderStatus, ORDER_STATUSES } from '../domain/order';
import { MAX_TRACKING_FILE_BYTES, parseTracking, TRACKING_MIME_TYPES } from '../domain/tracking';
import { requireAdmin, requireCaller, requireSelf, type Caller, type Deps } from './context';
import { discard } from './images';
import { parseSignature } from './purchase';

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
}

export function makeOrders(deps: Deps) {
  const { store } = deps;

  async function load(id: number) {
    const order = await store.orders.findById(id);
    if (!order) throw notFound('Order not found');
    return order;
  }

  /** Verifies an escrow -> recipient transfer of exactly the order's price. */
  async function verifyPayout(signature: string, to: string, price: string) {
    const check = await deps.chain.verifyTransfer({
      signature,
      from: deps.escrowWallet,
      to,
      lamports: solToLamports(price),
    });
    if (!check.ok)
      throw new DomainError('payment_invalid', check.message, { reason: check.reason });
  }

  function moved(order: Order | null): Order {
    if (!order) throw conflict('The order changed while this was being done; reload and try again');
    return order;
  }

  return {
    byBuyer: (caller: Caller | null, buyerId: number) =>
      requireSelf(caller, buyerId, true) && store.orders.listByBuyer(buyerId),

    bySeller: (caller: Caller | null, sellerId: number) =>
      requireSelf(caller, sellerId, true) && store.orders.listBySeller(sellerId),

    async adminGet(caller: Caller | null, wallet: unknown, id: number) {
      requireAdmin(caller, wallet);
      return load(id);
    },

    async adminList(caller: Caller | null, wallet: unknown, status: unknown) {
      requireAdmin(caller, wallet);
      const wanted =
        typeof status === 'string' && status !== ''
          ? status.split(',').map((s) => s.trim())
          : ['tracking_uploaded'];
      const bad = wanted.find((s) => !ORDER_STATUSES.includes(s as OrderStatus));
      if (bad) throw new DomainError('validation', `Unknown order status: ${bad}`);
      return store.orders.listByStatus(wanted as OrderStatus[]);
    },

    /** Proof-of-delivery files are readable only by the order's buyer and seller, and admins. */
    async canReadProof(caller: Caller | null, fileName: string): Promise<boolean> {
      if (!caller) return false;
      if (caller.isAdmin) return true;
      const [bought, sold] = await Promise.all([
        store.orders.listByBuyer(caller.userId),
        store.orders.listBySeller(caller.userId),
      ]);
      return [...bought, ...sold].some((o) => o.uploadedFiles?.includes(`"${fileName}"`));
    },

    /** The seller's proof of shipment: escrow_held -> tracking_uploaded. */
    async uploadTracking(
      caller: Caller | null,
      id: number,
      input: { trackingNumber: unknown; files: UploadedFile[] },
    ) {
      const who = requireCaller(caller);
      const order = await load(id);
      if (order.sellerId !== who.userId) {
        throw new DomainError('forbidden', 'Only the seller of this order can upload tracking');
      }
      const trackingNumber = parseTracking(input.trackingNumber, input.files.length);
      const to = transition(order.status, 'uploadTracking', 'seller');
      const saved: string[] = [];
      try {
        for (const file of input.files) {
          const stored = await deps.uploads.save(file.bytes, {
            kind: 'proof',
            allowed: TRACKING_MIME_TYPES,
            maxBytes: MAX_TRACKING_FILE_BYTES,
            declaredName: file.name,
          });
          saved.push(stored.name);
        }
        const images = saved.filter((name) => /\.(jpg|png|gif|webp)$/.test(name));
        return moved(
          await store.orders.update(id, order.status, {
            status: to,
            trackingNumber,
            uploadedFiles: saved.length ? JSON.stringify(saved) : null,
            deliveryImages: images.length ? JSON.stringify(images) : null,
            proofOfDelivery: saved.length
              ? input.files.map((f) => f.name.slice(0, 100)).join(', ')
              : null,
            trackingUploadedAt: deps.clock.now().toISOString(),
          }),
        );
      } catch (error) {
        await discard(deps.uploads, saved);
        throw error;
      }
    },

    /** Admin: the escrow paid the seller (verified on chain): tracking_uploaded -> completed. */
    async release(
      caller: Caller | null,
      wallet: unknown,
      id: number,
      body: Record<string, unknown>,
    ) {
      requireAdmin(caller, wallet);
      const signature = parseSignature(body.releaseTransactionHash, 'releaseTransactionHash');
      const order = await load(id);
      const to = transition(order.status, 'release', 'admin');
      const seller = await store.users.findById(order.sellerId);
      if (!seller) throw notFound('Seller not found');
      await verifyPayout(signature, seller.walletAddress, order.price);
      const done = await store.transaction(async (tx) => {
        await tx.signatures.claim(signature, 'release', id);
        return moved(
          await tx.orders.update(id, order.status, {
            status: to,
            releaseTransactionHash: signature,
            fundsReleasedAt: deps.clock.now().toISOString(),
          }),
        );
      });
      deps.logger.info({ orderId: id }, 'escrow released to seller');
      return done;
    },

    /** Admin: the escrow paid the buyer back (verified on chain); the unit returns to stock. */
    async refund(
      caller: Caller | null,
      wallet: unknown,
      id: number,
      body: Record<string, unknown>,
    ) {
      requireAdmin(caller, wallet);
      const signature = parseSignature(body.refundTransactionHash, 'refundTransactionHash');
      const order = await load(id);
      const to = transition(order.status, 'refund', 'admin');
      const buyer = await store.users.findById(order.buyerId);
      if (!buyer) throw notFound('Buyer not found');
      await verifyPayout(signature, buyer.walletAddress, order.price);
      const done = await store.transaction(async (tx) => {
        await tx.signatures.claim(signature, 'refund', id);
        const updated = moved(
          await tx.orders.update(id, order.status, {
            status: to,
            refundTransactionHash: signature,
            refundedAt: deps.clock.now().toISOString(),
          }),
        );
        await tx.products.returnUnit(order.productId);
        if (order.escrowTransactionHash) {
          await tx.payments.update(order.escrowTransactionHash, {
            status: 'refunded',
            refundSignature: signature,
          });
        }
        return updated;
      });
      deps.logger.info({ orderId: id }, 'escrow refunded to buyer');
      return done;
    },
  };
}
