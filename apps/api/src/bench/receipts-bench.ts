import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * About 5 MB: random noise barely compresses, about a byte a pixel as JPEG at quality 95, so a
 * 2,300 × 2,300 photo (above the 2,000 px the server shrinks to, as a phone's is).
 */
const SIDE = 2300;

export type ReceiptsBenchResult = { uploadMegabytes: number; uploadSeconds: number; fetchSeconds: number; peakRssGrowthMb: number };

/**
 * Issue 14: one receipt of about 5 MB, uploaded (type check, shrink to 2,000 px, thumbnail,
 * stored in the database) and fetched back, against a running server whose process is this one
 * (the RSS sampled is the bench's, server included, as in expenses.bench.ts's export).
 */
export async function benchReceipts({ baseUrl, cookie }: { baseUrl: string; cookie: string }): Promise<ReceiptsBenchResult> {
  const photo = await noisePhoto();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bench-receipt.jpg');
    let start = performance.now();
    const uploaded = await fetch(`${baseUrl}/api/receipts`, { method: 'POST', body: form, headers: { cookie, origin: baseUrl } });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const { receipt } = (await uploaded.json()) as { receipt: { id: string } };
    const uploadSeconds = (performance.now() - start) / 1000;

    start = performance.now();
    const fetched = await fetch(`${baseUrl}/api/receipts/${receipt.id}`, { headers: { cookie } });
    if (fetched.status !== 200) throw new Error(`fetch: ${fetched.status}`);
    await fetched.arrayBuffer();
    const fetchSeconds = (performance.now() - start) / 1000;
    peak = Math.max(peak, process.memoryUsage.rss());
    return {
      uploadMegabytes: round(photo.length / 1_048_576),
      uploadSeconds: round(uploadSeconds),
      fetchSeconds: round(fetchSeconds),
      peakRssGrowthMb: round((peak - baseline) / 1_048_576),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function noisePhoto(): Promise<Buffer> {
  return sharp(randomBytes(SIDE * SIDE * 3), { raw: { width: SIDE, height: SIDE, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
