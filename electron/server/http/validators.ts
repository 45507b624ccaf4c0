import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; under ESM its default export arrives wrapped in `default`.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats;

// `verbose`: an error carries the schema it broke and the value, so a refusal can word a marked
// schema's own way (an amount in cents says the unit: cents-words.ts) and say what was sent.
function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: false, strict: false, verbose: true, ...options });
  addFormats(ajv);
  return ajv;
}

// Bodies are validated strictly: a string is never quietly turned into a number. Query strings and
// path parameters are text on the wire, so those may be coerced to the types their schemas declare.
const strict = makeAjv({ coerceTypes: false, removeAdditional: false, useDefaults: true });
const coercing = makeAjv({ coerceTypes: 'array', removeAdditional: false, useDefaults: true });

type Validate = ReturnType<Ajv['compile']>;

/**
 * Validators by schema text, one map per Ajv. Ajv keeps what it compiled by schema object, but
 * routes build some schemas as they register (and Fastify builds the headers' own), so each
 * instance of the service in one process (the tests start hundreds) compiled them again: about
 * 0.15 s of every start. A validator is a function of its schema's JSON (TypeBox's symbol keys
 * are for TypeScript, and Ajv does not read them); the service adds no shared schemas.
 */
const compiled = new Map<Ajv, Map<string, Validate>>([
  [strict, new Map()],
  [coercing, new Map()],
]);

function compile(ajv: Ajv, schema: object): Validate {
  const byText = compiled.get(ajv)!;
  const text = JSON.stringify(schema);
  let validate = byText.get(text);
  if (!validate) {
    validate = ajv.compile(schema);
    byText.set(text, validate);
  }
  return validate;
}

/**
 * A validator compiled when a request first needs it. A service registers a few hundred routes and
 * most processes answer a few of them (a register, a test's service): compiling every schema at
 * start was ~0.45 s of each start. Fastify calls it as it calls Ajv's own (`schemaEnv` set: it passes
 * the request as the root's parent, so a root value can be coerced) and reads its `errors`.
 */
function compiledOnFirstUse(ajv: Ajv, schema: object): Validate {
  let validate: Validate | undefined;
  const firstUse = (data: unknown, context?: Parameters<Validate>[1]): boolean => {
    validate ??= compile(ajv, schema);
    const valid = validate(data, context);
    lazy.errors = validate.errors;
    return valid as boolean;
  };
  const lazy = Object.assign(firstUse, { schema, schemaEnv: true, errors: null }) as unknown as Validate;
  return lazy;
}

/** Fastify validator compiler choosing the strict or the coercing validator by request part. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  compiledOnFirstUse(httpPart === 'body' ? strict : coercing, schema as object);
