import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

export { routes };

/**
 * The browser's router over every address the app knows (routes.tsx, which a test reads without a
 * browser). Made when the app starts, not when this module is evaluated: making it matches the
 * address against every route, work that belongs to the start, not to the long task that evaluates
 * the scripts (issue 34's total blocking time).
 */
export function createRouter() {
  return createBrowserRouter(routes);
}
