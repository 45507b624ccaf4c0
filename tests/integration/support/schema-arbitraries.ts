import fc from 'fast-check';

/** A JSON Schema node of the OpenAPI document (plain JSON: no static type to give it). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Values a generator should try often because the service knows them (real ids, names). */
export interface KnownValues {
  /** Ids of things that exist; the caller may add to it while the generator runs. */
  uuids: string[];
  strings: string[];
  /** Values of fields of a given name (`entityId`, `productId`), tried first for that field. */
  byName: Record<string, unknown[]>;
}

/** One of `values` as they are when a value is drawn (the list may grow between runs). */
export const oneOfNow = <T>(values: readonly T[]) => fc.nat({ max: 1_000_000 }).map((n) => values[n % values.length]!);

/** Anything at all: the wrong type, odd numbers, nesting, unicode. */
const wild = fc.oneof(
  fc.anything({ maxDepth: 2, maxKeys: 4, withNullPrototype: false }),
  fc.constantFrom(-1, 0, 1e308, -0, 2 ** 53, 0.001, '', ' ', '\u0000', 'null', '🌿'.repeat(50), 'a'.repeat(5000)),
);

function text(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof({ weight: 5, arbitrary: oneOfNow(known.uuids) }, fc.uuid());
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress();
  const bounds = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 300) };
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const fits = known.strings.filter(
    (value) =>
      value.length >= bounds.minLength && value.length <= bounds.maxLength && (!pattern || pattern.test(value)),
  );
  const made = pattern ? fc.stringMatching(pattern, { size: 'small' }) : fc.string(bounds);
  return fits.length ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...fits) }, made) : made;
}

function number(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 100_000_000;
  const clamp = (value: number) => Math.max(min, Math.min(max, value));
  const edges = fc.constantFrom(min, max, clamp(1), clamp(2), clamp(1051), clamp(2500));
  const usual = fc.integer({ min: clamp(0), max: clamp(5000) });
  // fc.integer takes 32-bit bounds only; cents and sequence numbers go to 2^53 − 1.
  const wide = (low: number, high: number) => fc.bigInt({ min: BigInt(low), max: BigInt(high) }).map(Number);
  const any = integer
    ? min >= -(2 ** 31) && max < 2 ** 31
      ? fc.integer({ min, max })
      : wide(Math.ceil(min), Math.floor(max))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => Math.round(value * 1000) / 1000);
  return fc.oneof({ weight: 2, arbitrary: edges }, { weight: 3, arbitrary: usual }, any);
}

function object(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = (schema.required ?? []).filter((name) => properties.some(([key]) => key === name));
  const field = (name: string, child: JsonSchema) => {
    const generated = valueFor(child, known, depth + 1);
    const usual = known.byName[name];
    return usual ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...usual) }, generated) : generated;
  };
  const fields = (names: string[]) =>
    Object.fromEntries(
      properties.filter(([name]) => names.includes(name)).map(([name, child]) => [name, field(name, child)]),
    );
  // The required fields alone (often what a request is), or any of the optional ones too.
  const record = fc.oneof(
    fc.record(fields(required)),
    fc.record(fields(properties.map(([name]) => name)), { requiredKeys: required }),
  );
  // Now and then a field the schema does not have.
  const extra = fc
    .tuple(record, fc.string({ maxLength: 12 }), wild)
    .map(([value, key, odd]) => ({ ...(value as object), [key]: odd }));
  return fc.oneof({ weight: 15, arbitrary: record }, { weight: 1, arbitrary: extra });
}

/** A value that follows `schema`: the valid, the edges of valid, and only now and then anything at all. */
function validFor(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((choice) => valueFor(choice, known, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return text(schema, known);
    case 'integer':
    case 'number':
      return number(schema, type === 'integer');
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(valueFor(schema.items ?? {}, known, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return depth > 3 ? fc.constant({}) : object(schema, known, depth);
    default:
      return wild;
  }
}

/** Mostly schema-valid values, with wrong types, edges and extras mixed in at every level. */
export function valueFor(schema: JsonSchema, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 30, arbitrary: validFor(schema, known, depth) }, { weight: 1, arbitrary: wild });
}
