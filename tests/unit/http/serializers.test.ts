import { describe, expect, it } from 'vitest';
import { serializerCompiler } from '../../../electron/server/http/serializers.js';

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
    expect(compile('200')).toBe(compile('200'));
    expect(compile('201')).not.toBe(compile('200'));
    expect(compile('200', 'application/json')).not.toBe(compile('200'));
    const copy = serializerCompiler({ schema: { ...schema }, method: 'GET', url: '/x', httpStatus: '200' });
    expect(copy).not.toBe(compile('200'));
    expect(copy({ orderNumber: 'A1' })).toBe('{"orderNumber":"A1"}');
  });
});
