/**
 * Makes the install icons (apps/web/pwa-plugin.ts, index.html) from public/logo.svg: Chromium
 * draws the logo at each size and screenshots it. Run once when the logo changes and commit the
 * PNGs: `npx tsx apps/web/make-icons.ts` (CHROMIUM_PATH if Chromium is not /usr/bin/chromium).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
const logo = readFileSync(`${PUBLIC_DIR}logo.svg`, 'utf8');
// Maskable and Apple icons are cut to shape by the phone, so they fill the square: the logo
// without its rounded corners (its letter sits inside the central 80% a mask keeps).
const squareLogo = logo.replace(/\srx="[\d.]+"/, '');

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: squareLogo },
  { file: 'apple-touch-icon.png', size: 180, svg: squareLogo },
] as const;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const sized = icon.svg.replace(/width="\d+" height="\d+"/, `width="${icon.size}" height="${icon.size}"`);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.locator('svg').screenshot({ path: `${PUBLIC_DIR}${icon.file}`, omitBackground: true });
    console.warn(`wrote public/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
