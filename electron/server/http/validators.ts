import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; under ESM its default export arrives wrapped in `default`.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: false, strict: false, ...options });
  addFormats(ajv);
  return ajv;
}

// Bodies are validated strictly: a string is never quietly turned into a number. Query strings and
// path parameters are text on the wire, so those may be coerced to the types their schemas declare.
const strict = makeAjv({ coerceTypes: false, removeAdditional: false, useDefaults: true });
const coercing = makeAjv({ coerceTypes: 'array', removeAdditional: false, useDefaults: true });

/** Fastify validator compiler choosing the strict or the coercing validator by request part. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema as object);
