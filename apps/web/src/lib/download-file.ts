import { responseError } from './api-client.ts';

/**
 * Fetches a file the API builds (an .xlsx export) and hands it to the browser as a download, under
 * the name the server gave it. A refusal throws ApiError with the server's sentence, so the page
 * can show it instead of saving an error body as a spreadsheet.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw await responseError(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
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
