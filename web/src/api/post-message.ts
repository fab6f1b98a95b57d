import { postMessage as post } from '@src/contracts/orders';
import { uploadRequest } from './upload-request';

/** POST /api/orders/:id/messages as multipart: the text (`body`) and repeated `files`. */
export function postMessage(
  orderId: number,
  input: { body: string; files: readonly File[] },
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('body', input.body);
  for (const file of input.files) form.append('files', file, file.name);
  return uploadRequest(post, { params: { id: orderId }, body: form, onProgress });
}
