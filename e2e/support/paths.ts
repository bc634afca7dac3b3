import { fileURLToPath } from 'node:url';

/** The built web app the server serves: `npm run build`'s output, or KOBO_WEB_DIST's. */
export const WEB_DIST_DIR = process.env.KOBO_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
