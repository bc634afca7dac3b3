import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerOpenApi, UNEXPRESSIBLE } from './openapi.ts';

type Tree = { name: string; children: Tree[] };
// A recursive schema with no registered id: the converter cannot name it, so it throws.
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));

async function documentOf(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  register(app);
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.close();
  return { status: response.statusCode, document: response.json() };
}

describe('schemas the converter cannot express', () => {
  it("become a described empty schema, and the route's other parts are still documented", async () => {
    const { status, document } = await documentOf((app) => {
      app.post(
        '/api/trees/:id',
        { config: { access: 'public' }, schema: { body: tree, params: z.object({ id: z.string().max(10) }) } },
        async () => ({}),
      );
    });
    expect(status).toBe(200);
    const operation = document.paths['/api/trees/{id}'].post;
    expect(operation.requestBody.content['application/json'].schema).toEqual(UNEXPRESSIBLE);
    expect(operation.parameters).toEqual([{ in: 'path', name: 'id', required: true, schema: { type: 'string', maxLength: 10 } }]);
  });

  it('describe a field checked by hand (a preprocess or an unknown refined) instead of leaving it blank', async () => {
    const amount = z.unknown().superRefine((value, context) => {
      if (typeof value !== 'string') context.addIssue({ code: 'custom', message: 'Enter an amount' });
    });
    const month = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.unknown());
    const { document } = await documentOf((app) => {
      app.post('/api/amounts', { config: { access: 'public' }, schema: { body: z.object({ amount, month, note: z.string() }) } }, async () => ({}));
    });
    expect(document.paths['/api/amounts'].post.requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      properties: { amount: UNEXPRESSIBLE, month: UNEXPRESSIBLE, note: { type: 'string' } },
      required: ['amount', 'month', 'note'],
    });
  });
});
