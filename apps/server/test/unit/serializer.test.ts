import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializerCompiler } from '../../src/plugins/serializer';

const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
const row = z.object({ id: z.string(), qty: z.number().int(), note: z.string().optional() });
app.get('/plain', { schema: { response: { 200: z.object({ rows: z.array(row) }) } } }, () => ({
  rows: [{ id: 'a', qty: 2, secret: 'not in the schema' } as z.infer<typeof row>],
}));
app.get('/dated', { schema: { response: { 200: z.object({ at: z.date() }) } } }, () => ({
  at: new Date(0),
}));
afterAll(() => app.close());

describe('response serializer', () => {
  it('writes only the properties of the response schema', async () => {
    const res = await app.inject({ url: '/plain' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"rows":[{"id":"a","qty":2}]}');
  });

  it('keeps the zod serializer for a schema with no JSON Schema form', async () => {
    const res = await app.inject({ url: '/dated' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});
