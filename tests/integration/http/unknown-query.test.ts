import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listed } from '../../../shared/list-words.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { enrolledRegister } from '../support/registers.js';
import { scratchFolder } from '../../support/scratch-folder.js';

/**
 * Every route of the API refuses a query parameter it does not take, as it refuses a body's unknown
 * field: with a 400 in the one error shape, naming the parameter and the ones the route takes (a
 * typo such as `?stauts=OPEN` would otherwise answer the whole list, read as the filtered one).
 * Each GET operation of /openapi.json is asked with one parameter it does not take; the pages keep
 * their own query, and /health ignores a probe's.
 */
let service: DemoService;
let admin: Record<string, string>;
let register: Record<string, string>;

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: { pattern?: string; format?: string };
}
interface Operation {
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
}
let operations: { path: string; operation: Operation }[];

/** Built pages of the service's own: a page's address carries its query (`?terminal=`) to the page. */
const pages = scratchFolder('unknown-query-pages-');

beforeAll(async () => {
  mkdirSync(join(pages, 'pos'));
  writeFileSync(join(pages, 'pos', 'index.html'), '<!doctype html><title>POS</title>');
  service = await demoService({ staticDir: pages });
  const manager = await login(service.app, 'manager', 'manager-demo-1');
  admin = { ...service.headers, authorization: `Bearer ${await login(service.app, 'admin', 'admin-demo-1')}` };
  register = { authorization: (await enrolledRegister(service.app, manager, 'query-check')).authorization };
  const doc = (await service.request({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  operations = Object.entries(doc.paths).flatMap(([path, item]) => (item.get ? [{ path, operation: item.get }] : []));
});
afterAll(() => service.close());

/** A value the address's schema takes (the route checks it before the query). */
function pathValue(parameter: Parameter): string {
  if (parameter.name === 'dispensaryShortName') return 'demo';
  if (parameter.schema.format === 'uuid') return randomUUID();
  if (parameter.schema.pattern?.startsWith('^spl_')) return `spl_${'a'.repeat(43)}`;
  if (parameter.schema.pattern === '^[A-Za-z0-9]{1,10}$') return 'ABC234';
  if (parameter.name === 'terminalId') return 'front-1';
  return 'x';
}

/** The operation's URL with one parameter it does not take (`zz`), its required ones given. */
function withUnknown(path: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const address = parameters
    .filter((parameter) => parameter.in === 'path')
    .reduce((url, parameter) => url.replace(`{${parameter.name}}`, pathValue(parameter)), path);
  const query = new URLSearchParams();
  for (const parameter of parameters)
    if (parameter.in === 'query' && parameter.required) query.set(parameter.name, '1');
  query.set('zz', '1');
  return `${address}?${query}`;
}

describe('a query parameter a route does not take', () => {
  it('is refused by every GET operation of the API, naming it and the parameters the route takes', async () => {
    const asked = operations.filter(({ path }) => path !== '/health');
    expect(asked.length).toBeGreaterThan(60);
    const answers = [];
    for (const { path, operation } of asked) {
      const registers = operation.security?.some((scheme) => 'register' in scheme) ?? false;
      const url = withUnknown(path, operation);
      const answer = await service.request({ method: 'GET', url, headers: registers ? register : admin });
      const names = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const takes = names.length
        ? `the parameters allowed here are ${listed(names)}`
        : 'this route takes no query parameters';
      answers.push({ url, status: answer.statusCode, body: answer.json<unknown>(), expected: takes });
    }
    for (const { url, status, body, expected } of answers) {
      expect({ url, status, body }).toEqual({
        url,
        status: 400,
        body: {
          resultCode: 'FAIL',
          resultReason: 'INVALID_INPUT',
          resultDetail: `zz in the query is not an allowed parameter; ${expected}`,
        },
      });
    }
  });

  it('names the typo of a list filter, rather than answering the whole list', async () => {
    const answer = await service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/ecommerce/tickets?stauts=PAID',
      headers: service.headers,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'INVALID_INPUT',
      resultDetail:
        'stauts in the query is not an allowed parameter; the parameters allowed here are status, from, to, limit and cursor',
    });
  });

  it('is refused by a write too, after its body', async () => {
    const answer = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket/quote?dryRun=1',
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId: randomUUID(), quantity: 1 }] },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().resultDetail).toBe(
      'dryRun in the query is not an allowed parameter; this route takes no query parameters',
    );
  });

  it('is left to the pages, whose addresses carry their own, and to /health, which probes ask', async () => {
    const page = await service.request({ method: 'GET', url: '/pos/?terminal=front-1&dispensary=demo&scanGapMs=40' });
    expect([page.statusCode, page.body]).toEqual([200, '<!doctype html><title>POS</title>']);
    const health = await service.request({ method: 'GET', url: '/health?_=1700000000' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok', service: 'servicepay' }]);
  });
});
