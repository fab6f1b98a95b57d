import type { AnswerOf, Endpoint } from '@src/contracts/endpoint';
import { ApiError, isHtmlPage, messageFromBody, readAnswer, urlOf, type CallInput } from './client';

export type UploadInput<E extends Endpoint> = Omit<CallInput<E>, 'body' | 'signal'> & {
  /** A multipart call's form (its text fields and files), or the JSON body. */
  body: FormData | CallInput<E>['body'];
  /** 0..1 as the request body goes up (XMLHttpRequest upload progress). */
  onProgress?: (fraction: number) => void;
};

/** Spec section 8, the same rule as client.ts: the JSON error field, the text, the status text. */
function messageOf(xhr: XMLHttpRequest): string {
  const text = xhr.responseText;
  if (text && !isHtmlPage(xhr.getResponseHeader('content-type'), text)) {
    return messageFromBody(text);
  }
  // Empty: the caller's own fallback message applies (spec section 8).
  return xhr.statusText;
}

/**
 * A call whose body may be large (listing images, proof-of-delivery files): fetch cannot report
 * upload progress, XMLHttpRequest can. Same contract, cookie, errors and decoding as `call`.
 */
export function uploadRequest<E extends Endpoint>(
  e: E,
  input: UploadInput<E>,
): Promise<AnswerOf<E>> {
  return new Promise<AnswerOf<E>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(e.method, urlOf(e, input));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        input.onProgress?.(event.loaded / event.total);
      }
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, messageOf(xhr)));
        return;
      }
      input.onProgress?.(1);
      try {
        resolve(readAnswer(e, xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    // No answer at all: an empty message lets the caller's fallback text speak.
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new ApiError(0, 'The request was cancelled'));
    if (input.body instanceof FormData) {
      xhr.send(input.body);
    } else {
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(JSON.stringify(input.body));
    }
  });
}
