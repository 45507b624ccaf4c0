import { describe, expect, it } from 'vitest';
import { serializerCompiler, serializerFor } from '../../../electron/server/http/serializers.js';

const schema = {
  type: 'object',
  properties: { orderNumber: { type: 'string' }, total: { type: 'string' } },
  required: ['orderNumber'],
};
const compile = (httpStatus: string, contentType?: string) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus, ...(contentType && { contentType }) });

describe('the response serializer compiler', () => {
  it('writes what the schema lists, as Fastify’s default does', () => {
    expect(compile('200')({ orderNumber: 'A1', total: '1.00', secret: 'not listed' })).toBe(
      '{"orderNumber":"A1","total":"1.00"}',
    );
  });

  it('builds a schema’s serializer once per status and media type, for every instance of the service', () => {
    expect(serializerFor(schema, '200')).toBe(serializerFor(schema, '200'));
    expect(serializerFor(schema, '201')).not.toBe(serializerFor(schema, '200'));
    expect(serializerFor(schema, '200', 'application/json')).not.toBe(serializerFor(schema, '200'));
    const copy = serializerFor({ ...schema }, '200');
    expect(copy).not.toBe(serializerFor(schema, '200'));
    expect(copy({ orderNumber: 'A1' })).toBe('{"orderNumber":"A1"}');
  });

  it('builds it when a response first needs it, not when the route is registered', () => {
    const broken = { type: 'object', properties: { total: { $ref: '#/definitions/nowhere' } } };
    const serialize = serializerCompiler({ schema: broken, method: 'GET', url: '/x', httpStatus: '200' });
    expect(() => serialize({ total: '1.00' })).toThrow(/nowhere/);
  });
});
