import { forbidden } from '../../domain/errors';
import type { Order } from '../../domain/entities';
import { inspectionEnd, type ProtectionPolicy } from '../../domain/deadlines';
import { transition } from '../../domain/order';
import {
  MAX_TRACKING_FILE_BYTES,
  parseTracking,
  TRACKING_MIME_TYPES,
  uploadedName,
} from '../../domain/tracking';
import { requireCaller, type Caller } from '../context';
import type { Clock, Store, UploadStore } from '../ports';
import { discard } from '../products/listing-images';
import { loadOrder, partyMove } from './load-order';
import { notify } from '../notifications/notify';

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
}

export interface TrackingCommand {
  trackingNumber: string | null;
  files: UploadedFile[];
}

const IMAGE_FILE = /\.(jpg|png|gif|webp)$/;

/** Who may upload the order's tracking and proof: its seller. */
export function shipperOf(caller: Caller | null, order: Order): Caller {
  const who = requireCaller(caller);
  if (order.sellerId !== who.userId) {
    throw forbidden('Only the seller of this order can upload tracking');
  }
  return who;
}

/** The seller's proof of shipment: escrow_held -> tracking_uploaded. */
export function uploadTracking(deps: {
  store: Store;
  uploads: UploadStore;
  clock: Clock;
  policy: ProtectionPolicy;
}) {
  return async (caller: Caller | null, id: number, cmd: TrackingCommand) => {
    const order = await loadOrder(deps.store, id);
    shipperOf(caller, order);
    const trackingNumber = parseTracking(cmd.trackingNumber, cmd.files.length);
    const now = deps.clock.now();
    const to = transition(order, 'uploadTracking', 'seller', now);
    const saved: string[] = [];
    try {
      for (const file of cmd.files) {
        const stored = await deps.uploads.save(file.bytes, {
          kind: 'proof',
          allowed: TRACKING_MIME_TYPES,
          maxBytes: MAX_TRACKING_FILE_BYTES,
          declaredName: file.name,
        });
        saved.push(stored.name);
      }
      return await deps.store.transaction(async (tx) => {
        const shipped = await partyMove(tx, id, order.status, {
          status: to,
          trackingNumber,
          uploadedFiles: saved,
          deliveryImages: saved.filter((name) => IMAGE_FILE.test(name)),
          proofOfDelivery: saved.length
            ? cmd.files.map((f) => uploadedName(f.name)).join(', ')
            : null,
          trackingUploadedAt: now.toISOString(),
          inspectionEndsAt: inspectionEnd(now, deps.policy).toISOString(),
        });
        const tracking = trackingNumber ? ` (tracking ${trackingNumber})` : '';
        await notify(tx, order.buyerId, 'shipped', order, `Order #${id} was shipped${tracking}`);
        return shipped;
      });
    } catch (error) {
      await discard(deps.uploads, saved);
      throw error;
    }
  };
}
