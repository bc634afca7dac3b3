import { useMutation } from '@tanstack/react-query';
import type { UploadedBatchFile } from '@kobo/core';
import { responseError } from '../../../lib/api-client.ts';

/**
 * Payroll's file as its raw bytes (apiRequest sends JSON only): the server reads .xlsx or .csv
 * from the bytes, never the name, and answers the rows it found. The name travels URI-encoded in
 * a header, since a header cannot hold every character a file name may.
 */
export async function uploadBatchFile(file: File): Promise<UploadedBatchFile> {
  const response = await fetch('/api/savings/batches/file', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
    body: file,
  });
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as UploadedBatchFile;
}

export function useUploadBatchFile() {
  return useMutation({ mutationFn: uploadBatchFile });
}
