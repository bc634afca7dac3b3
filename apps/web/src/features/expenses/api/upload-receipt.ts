import { MESSAGES, type ReceiptView } from '@kobo/core';
import { ApiError, OfflineError } from '../../../lib/api-client.ts';

/**
 * One receipt to POST /api/receipts as multipart. XMLHttpRequest, not fetch: only it reports how
 * much of the body has been sent, for the per-file progress bar. Refusals come back as ApiError
 * with the server's sentence, like every other request (lib/api-client.ts).
 */
export function uploadReceipt(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<ReceiptView> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.reject(new OfflineError(MESSAGES.offlineNotSent));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/receipts');
    request.setRequestHeader('accept', 'application/json');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const body: unknown = request.response;
      if (request.status === 201 && isReceiptAnswer(body)) return resolve(body.receipt);
      reject(new ApiError(request.status, isErrorBody(body) ? body : { error: `HTTP_${request.status}`, message: '' }));
    });
    request.addEventListener('error', () => reject(new TypeError('network error')));
    request.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

function isReceiptAnswer(body: unknown): body is { receipt: ReceiptView } {
  return typeof body === 'object' && body !== null && 'receipt' in body && typeof body.receipt === 'object' && body.receipt !== null;
}

function isErrorBody(body: unknown): body is { error: string; message: string; field?: string } {
  return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && 'message' in body && typeof body.message === 'string';
}
