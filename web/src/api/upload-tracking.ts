import type { Order } from '@src/domain/entities';
import { uploadTracking as upload } from '@src/contracts/orders';
import { uploadRequest } from './upload-request';

/** POST /api/orders/:id/tracking as multipart: an optional tracking number, repeated `files`. */
export function uploadTracking(
  orderId: number,
  input: { trackingNumber: string | null; files: readonly File[] },
  onProgress?: (fraction: number) => void,
): Promise<Order> {
  const form = new FormData();
  if (input.trackingNumber) form.append('trackingNumber', input.trackingNumber);
  for (const file of input.files) form.append('files', file, file.name);
  return uploadRequest(upload, { params: { id: orderId }, body: form, onProgress });
}
