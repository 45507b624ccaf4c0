import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

type Serializer = (data: unknown) => string;

/**
 * Response serializers by schema object, then status and media type. A route's schemas are module
 * constants, so every instance of the service in one process (the tests start hundreds) builds a
 * schema's serializer once: building them was a third of an instance's start (~0.3 s of 1 s).
 * A serializer is a pure function of its schema; the service adds no shared schemas (`addSchema`).
 */
const built = new WeakMap<object, Map<string, Serializer>>();

/** The serializer of `schema` for one status and media type, built the first time it is asked for. */
export function serializerFor(schema: object, httpStatus?: string, contentType?: string): Serializer {
  const key = `${httpStatus ?? ''} ${contentType ?? ''}`;
  let bySchema = built.get(schema);
  if (!bySchema) built.set(schema, (bySchema = new Map()));
  let serializer = bySchema.get(key);
  if (!serializer) {
    serializer = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as Serializer;
    bySchema.set(key, serializer);
  }
  return serializer;
}

/**
 * Fastify's serializer compiler (fast-json-stringify, as Fastify's default), built once per schema
 * and only when a response first needs it: most processes send a few of the service's answers, and
 * building them all was ~0.3 s of each start.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, httpStatus, contentType }) => {
  let serializer: Serializer | undefined;
  return (data: unknown) => {
    serializer ??= serializerFor(schema as object, httpStatus, contentType);
    return serializer(data);
  };
};
