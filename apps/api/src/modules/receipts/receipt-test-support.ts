import sharp from 'sharp';
import type { TestClient } from '../../test/test-app.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it; the name's bytes go out as given. */
export function multipartBody(fileName: string | Buffer, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----kobo-test-${Math.random().toString(36).slice(2)}`;
  const name = typeof fileName === 'string' ? Buffer.from(fileName.replaceAll('"', '%22'), 'utf8') : fileName;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
    name,
    Buffer.from(`"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(client: TestClient, fileName: string | Buffer, bytes: Buffer, contentType?: string) {
  const { payload, headers } = multipartBody(fileName, bytes, contentType);
  return client.request('POST', '/api/receipts', payload, headers);
}

/** A small image of one colour. */
export async function solidImage(format: 'png' | 'jpeg' | 'webp', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })[format]().toBuffer();
}

/** The smallest PDF a reader opens. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
