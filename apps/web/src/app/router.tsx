import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

export { routes };

/** The browser's router over every address the app knows (routes.tsx, which a test reads without a browser). */
export const router = createBrowserRouter(routes);
