import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../support/demo-service.js';

/**
 * Every number of /openapi.json, taken or answered, has its range: a minimum and a maximum (the
 * named schemas of shared/contracts/numbers.ts), or a fixed value. A field added without one fails
 * here, so the document keeps saying what the service holds, and the edge keeps refusing the rest.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

type Node = Record<string, unknown>;

/** The JSON pointer-like path of every numeric schema without a range. */
function unbounded(node: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(node)) {
    node.forEach((child, i) => unbounded(child, `${path}[${i}]`, found));
    return found;
  }
  if (node === null || typeof node !== 'object') return found;
  const schema = node as Node;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const numeric = types.includes('number') || types.includes('integer');
  const fixed = schema.const !== undefined || schema.enum !== undefined;
  const has = (...keys: string[]) => keys.some((key) => typeof schema[key] === 'number');
  if (numeric && !fixed && !(has('maximum', 'exclusiveMaximum') && has('minimum', 'exclusiveMinimum'))) {
    found.push(path);
  }
  for (const [key, child] of Object.entries(schema)) unbounded(child, `${path}/${key}`, found);
  return found;
}

describe('the numbers of /openapi.json', () => {
  it('each have a minimum and a maximum', async () => {
    const answer = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const doc: unknown = answer.json();
    const missing = unbounded(doc, '', []);
    expect(missing).toEqual([]);
    // The walk reaches numbers at all (requests, responses and parameters).
    const all = JSON.stringify(doc).match(/"type":"(integer|number)"/g) ?? [];
    expect(all.length).toBeGreaterThan(300);
  });

  it('show the register forward’s bounds: sequence numbers and stock changes within what the server holds', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Node }> } } }>;
    }>();
    const body = doc.paths['/v2.0/register/forward']!.post.requestBody.content['application/json']!.schema;
    const record = ((body.properties as Record<string, Node>).records!.items as Node).properties as Record<
      string,
      Node
    >;
    expect(record.seq).toMatchObject({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
    expect(record.reservedDelta).toMatchObject({ minimum: -1e12, maximum: 1e12 });
    expect((body.properties as Record<string, Node>).after).toMatchObject({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });
});
