import { responseError } from './api-client.ts';

export type DownloadProgress = {
  /** Bytes received so far. */
  receivedBytes: number;
  /** Rows in the file, when the server says (x-export-rows); the size in bytes is not known ahead. */
  rowCount: number | null;
};

/**
 * Downloads a file the server streams (an .xlsx export), reporting progress as it arrives, then
 * hands it to the browser under the name the server gave. A refusal throws ApiError with the
 * server's sentence before anything is saved; a stream that breaks half-way throws, so a broken
 * file is never saved.
 */
export async function downloadWithProgress(
  path: string,
  fallbackName: string,
  onProgress: (progress: DownloadProgress) => void,
): Promise<{ fileName: string; rowCount: number | null }> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw await responseError(response);
  const rowHeader = response.headers.get('x-export-rows');
  const rowCount = rowHeader !== null && /^\d+$/.test(rowHeader) ? Number(rowHeader) : null;
  const chunks: BlobPart[] = [];
  let receivedBytes = 0;
  onProgress({ receivedBytes, rowCount });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      receivedBytes += value.byteLength;
      onProgress({ receivedBytes, rowCount });
    }
  } else {
    chunks.push(await response.blob());
  }
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName);
  return { fileName, rowCount };
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; revoking later still lets slow browsers read it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const match = /filename="?([^";]+)"?/i.exec(contentDisposition);
  return match?.[1] ?? null;
}
