import type { Locator, Page } from 'playwright-core';

/** What one page load cost: bytes as they came over the wire (headers included), requests, time. */
export type LoadFigures = { bytes: number; requests: number; visibleMs: number };

/** Issue 13's phone: 400 ms latency, 400 kbit/s each way, a CPU four times slower. */
export const SLOW_PHONE = { latencyMs: 400, kbitPerSecond: 400, cpuSlowdown: 4 } as const;

/**
 * Loads `path` in the page and counts, through the DevTools protocol, every response the page
 * received (files and API answers alike: Network.loadingFinished's encodedDataLength), until
 * `ready` is visible and the network has been quiet for `quietMs`. The time is to `ready`.
 */
export async function measureLoad(
  page: Page,
  path: string,
  ready: (page: Page) => Locator[],
  options: { throttled?: boolean; quietMs?: number } = {},
): Promise<LoadFigures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (options.throttled) {
    const bytesPerSecond = (SLOW_PHONE.kbitPerSecond * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  }
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', () => {
    requests += 1;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', () => {
    lastActivity = Date.now();
  });

  const started = Date.now();
  await page.goto(path, { waitUntil: 'commit' });
  for (const locator of ready(page)) await locator.waitFor({ state: 'visible', timeout: 60_000 });
  const visibleMs = Date.now() - started;
  // What the page fetches after it shows its figure (the chart, the service worker's helper) counts
  // too. A stream that stays open (the live changes) never finishes, so quiet is what ends the count.
  const quietMs = options.quietMs ?? 1500;
  while (Date.now() - lastActivity < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));

  if (options.throttled) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  await cdp.detach();
  return { bytes, requests, visibleMs };
}
