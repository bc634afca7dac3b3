import type { FastifyInstance } from 'fastify';
import { declaredStatusesOf, successStatusesOf } from '../http/route-contract.ts';
import { AnswerOutsideContract } from '../http/response-serializer.ts';

/**
 * Records every answer that breaks its route's contract (docs/decisions/044-route-contracts.md):
 * a status the route does not declare, or a body its schema does not describe (the serializer's
 * check, raised in tests). The test app's close() fails the file when any were recorded.
 *
 * A route that declares no success answer yet is left to openapi.test.ts, which names every such
 * route; holding its every answer as undeclared here would only repeat that, in every file.
 */
export function watchRouteContracts(app: FastifyInstance): string[] {
  const breaches: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const { url, method, config, schema } = request.routeOptions;
    if (url === undefined || !url.startsWith('/api/') || config.access === undefined) return payload;
    const route = { method: method === 'HEAD' ? 'GET' : String(method), url, config, schema };
    if (successStatusesOf(route).length > 0 && !declaredStatusesOf(route).has(reply.statusCode)) {
      breaches.push(`${route.method} ${url} answered ${reply.statusCode}, which it does not declare`);
    }
    return payload;
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof AnswerOutsideContract) breaches.push(error.message);
  });
  return breaches;
}
