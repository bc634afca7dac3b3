import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from './browser.ts';

/** Fails early, saying how to fix it, instead of skipping the browser tests. */
export default function checkPrerequisites() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}. Install Debian's package: ` +
        '`apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH).',
    );
  }
  const index = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(index)) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does it for you).');
  }
}
