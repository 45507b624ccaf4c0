import fc from 'fast-check';
import { DEMO_CLIENT } from './demo-service.js';
import { oneOfNow, valueFor, type JsonSchema, type KnownValues } from './schema-arbitraries.js';

/** Who a fuzzed request speaks as. */
export type Who = 'manager' | 'cashier' | 'display';

/** What the generator draws from: real ids and names, tokens, and the service's port. */
export interface FuzzContext {
  known: KnownValues;
  /** Ids by the path parameter that takes them, growing with what the fuzzed requests create. */
  pools: Record<string, string[]>;
  tokens: Record<Who, string>;
  /** Logins of their own for the logout operation, which revokes the token it is sent. */
  spare: Record<Who, string>;
  port: number;
}

/** One write operation of the OpenAPI document. */
export interface Operation {
  method: string;
  path: string;
  contentType: string | null;
  body: JsonSchema | null;
  clientAuth: boolean;
}

/** The write operations of the OpenAPI document. */
export function writeOperations(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [null, null];
        const clientAuth = (operation.security ?? []).some((scheme) => 'clientId' in scheme);
        return { method: method.toUpperCase(), path, contentType, body: media?.schema ?? null, clientAuth };
      }),
  );
}

interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, unknown>[];
}

/** `value` one time in eight, else null. */
const sometimes = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

/** One request to one operation: path values, credentials, headers and a body. */
export function requestFor(operation: Operation, { known, pools, tokens, spare, port }: FuzzContext) {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const odd = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('x'.repeat(150), '..', '%00', '%E0%A4%A', 'DEMO'));
  const usual = (name: string) =>
    name === 'dispensaryShortName'
      ? fc.constant('demo')
      : name === 'terminalId'
        ? fc.constant('front-1')
        : fc.oneof({ weight: 3, arbitrary: oneOfNow(pools[name] ?? known.uuids) }, oneOfNow(known.uuids));
  const values = fc.tuple(
    ...names.map((name) => fc.oneof({ weight: 8, arbitrary: usual(name) }, { weight: 1, arbitrary: odd })),
  );
  const credentials = fc.constantFrom<'manager' | 'cashier' | 'display' | 'none' | 'forged'>(
    'manager',
    'manager',
    'cashier',
    'display',
    'none',
    'forged',
  );
  const body = operation.body
    ? fc.oneof(
        {
          weight: 10,
          arbitrary: valueFor(operation.body, known).map((value) =>
            typeof value === 'string' && operation.contentType === 'text/plain' ? value : JSON.stringify(value),
          ),
        },
        { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null', '{"__proto__":{"x":1}}', '\u0000', 'a=b') },
      )
    : sometimes(fc.constantFrom('{}', 'x'));
  const contentType = fc.oneof(
    { weight: 10, arbitrary: fc.constant(operation.contentType) },
    { weight: 1, arbitrary: fc.constantFrom(null, 'text/plain', 'application/x-www-form-urlencoded', 'text/csv') },
  );
  const idempotencyKey = fc.oneof({ weight: 6, arbitrary: fc.uuid() }, fc.constantFrom(null, 'same', 'k'.repeat(300)));
  const origin = sometimes(fc.constantFrom('http://evil.example', 'null', `http://127.0.0.1:${port}`));
  const application = fc.constantFrom('servicepay-demo', 'nope');
  return fc.record({ values, credentials, body, contentType, idempotencyKey, origin, application }).map((draft) => {
    let next = 0;
    const path = operation.path.replace(/\{\w+\}/g, () =>
      // Escaped as a client would, but a '%' generated on purpose ('%00', a broken escape) stays.
      encodeURIComponent(draft.values[next++]!).replace(/%25/g, '%'),
    );
    const headers: Record<string, string> = { 'x-application': draft.application };
    const own = operation.path.endsWith('/logout') ? spare : tokens;
    const token = draft.credentials === 'forged' ? 'sp_at_forged' : own[draft.credentials as Who];
    if (draft.credentials !== 'none') headers.authorization = `Bearer ${token}`;
    if (operation.clientAuth && draft.credentials !== 'forged') Object.assign(headers, DEMO_CLIENT);
    if (draft.contentType && draft.body !== null) headers['content-type'] = draft.contentType;
    if (draft.idempotencyKey) headers['idempotency-key'] = draft.idempotencyKey;
    if (draft.origin) headers.origin = draft.origin;
    return {
      operation: `${operation.method} ${operation.path}`,
      method: operation.method,
      path,
      headers,
      body: draft.body ?? undefined,
    };
  });
}

/** Ids a successful answer names (a new session, payment, order) become path and body values. */
export function remember(text: string, { known, pools }: FuzzContext): void {
  const uuid = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
  const add = (list: string[], id: string, keep: number) => {
    if (list.includes(id)) return;
    list.push(id);
    if (list.length > 60) list.splice(keep, 1); // keep the fixtures, forget the oldest
  };
  for (const [, id] of text.matchAll(new RegExp(uuid, 'g'))) add(known.uuids, id!, 6);
  for (const [, id] of text.matchAll(new RegExp(`"sessionId":"${uuid}"`, 'g'))) add(pools.id!, id!, 2);
  for (const [, id] of text.matchAll(new RegExp(`"orderId":"${uuid}"`, 'g'))) add(pools.orderId!, id!, 1);
  for (const [, id] of text.matchAll(new RegExp(`"payment":\\{"id":"${uuid}"`, 'g'))) add(pools.paymentId!, id!, 1);
}
