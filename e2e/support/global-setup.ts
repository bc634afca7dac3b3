import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './browser.ts';
import { WEB_DIST_DIR } from './paths.ts';

/** Fails early, saying how to fix it, instead of skipping the browser tests. */
export default function checkPrerequisites() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}. Install Debian's package: ` +
        '`apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH).',
    );
  }
  const index = join(WEB_DIST_DIR, 'index.html');
  if (!existsSync(index)) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does it for you).');
  }
}
