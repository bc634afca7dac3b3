import { useMutation } from '@tanstack/react-query';
import type { UploadedImportFile } from '@kobo/core';
import { ApiError } from '../../../lib/api-client.ts';

export type UploadInput = { file: File; onProgress: (fraction: number) => void };

/**
 * The file as its raw bytes, the server deciding .xlsx or .csv from them (never the name). Sent
 * with XMLHttpRequest because fetch cannot report upload progress; the name travels URI-encoded in
 * a header, as the monthly run's upload does.
 */
export function uploadImportFile({ file, onProgress }: UploadInput): Promise<UploadedImportFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/expense-imports/file');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('error', () => reject(new TypeError('network error')));
    request.addEventListener('load', () => {
      const body = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) return resolve(body as UploadedImportFile);
      const error = body as { error?: string; message?: string; field?: string } | null;
      reject(new ApiError(request.status, { error: error?.error ?? `HTTP_${request.status}`, message: error?.message ?? '', field: error?.field }));
    });
    request.send(file);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function useUploadImportFile() {
  return useMutation({ mutationFn: uploadImportFile });
}
