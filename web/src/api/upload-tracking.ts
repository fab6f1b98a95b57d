import type { Order } from '../../../src/domain/entities';
import { ApiError } from './client';
import { uploadRequest } from './upload-request';

/** POST /api/orders/:id/tracking as multipart: an optional tracking number, repeated `files`. */
export async function uploadTracking(
  orderId: number,
  input: { trackingNumber: string | null; files: readonly File[] },
  onProgress?: (fraction: number) => void,
): Promise<Order> {
  const form = new FormData();
  if (input.trackingNumber) form.append('trackingNumber', input.trackingNumber);
  for (const file of input.files) form.append('files', file, file.name);
  const answer = await uploadRequest<Order & { error?: string }>(
    `/api/orders/${orderId}/tracking`,
    { method: 'POST', body: form, onProgress },
  );
  // spec section 7: "response may carry an error field"
  if (answer && typeof answer.error === 'string' && answer.error) {
    throw new ApiError(200, answer.error);
  }
  return answer;
}
