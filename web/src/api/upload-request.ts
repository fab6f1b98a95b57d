import { ApiError, buildUrl, messageFromBody, type RequestOptions } from './client';

export interface UploadOptions {
  method: 'POST' | 'PUT';
  /** JSON-serialisable value or multipart form data. */
  body: FormData | unknown;
  query?: RequestOptions['query'];
  /** 0..1 as the request body goes up (XMLHttpRequest upload progress). */
  onProgress?: (fraction: number) => void;
}

/** Spec section 8, the same rule as client.ts: the JSON error field, the text, the status text. */
function messageOf(xhr: XMLHttpRequest): string {
  if (xhr.responseText) return messageFromBody(xhr.responseText);
  // Empty: the caller's own fallback message applies (spec section 8).
  return xhr.statusText;
}

/**
 * A request whose body may be large (listing images, proof-of-delivery files): fetch cannot
 * report upload progress, XMLHttpRequest can. Same cookie, errors and JSON as `request`.
 */
export function uploadRequest<T>(path: string, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, buildUrl(path, options.query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(event.loaded / event.total);
      }
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, messageOf(xhr)));
        return;
      }
      options.onProgress?.(1);
      try {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      } catch {
        reject(new ApiError(xhr.status, 'The server sent an unreadable answer'));
      }
    };
    // No answer at all: an empty message lets the caller's fallback text speak.
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new ApiError(0, 'The request was cancelled'));
    if (options.body instanceof FormData) {
      xhr.send(options.body);
    } else {
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(JSON.stringify(options.body));
    }
  });
}
