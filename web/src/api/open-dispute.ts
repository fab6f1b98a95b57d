import type { DisputeReason } from '@src/domain/dispute';
import { openDispute as dispute } from '@src/contracts/orders';
import { uploadRequest } from './upload-request';

/** POST /api/orders/:id/dispute as multipart: the reason, a message, repeated `files`. */
export function openDispute(
  orderId: number,
  input: { reason: DisputeReason; message: string; files: readonly File[] },
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('reason', input.reason);
  form.append('message', input.message);
  for (const file of input.files) form.append('files', file, file.name);
  return uploadRequest(dispute, { params: { id: orderId }, body: form, onProgress });
}
