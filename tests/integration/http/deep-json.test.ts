import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { writeOperations } from '../support/openapi-requests.js';
import { expectFailure, listenOnLoopback, send } from '../support/real-port.js';

/**
 * A JSON body nested 20,000 levels deep (about 40 KB, well under the body limit) is valid JSON, but
 * walking it by recursion overflows the stack. Every write operation refuses it with 400, in the
 * one error shape, naming the depth limit.
 */
const LEVELS = 20_000;
const deepArray = `{"terminalId":${'['.repeat(LEVELS)}1${']'.repeat(LEVELS)}}`;
const deepObject = `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;

let service: DemoService;
let port: number;
let manager: string;
beforeAll(async () => {
  service = await demoService({ rateLimit: { max: 1e9, windowMs: 60_000 } });
  port = await listenOnLoopback(service.app);
  manager = await login(service.app, 'manager', 'manager-demo-1');
});
afterAll(() => service.close());

const headers = () => ({
  ...service.headers,
  authorization: `Bearer ${manager}`,
  'content-type': 'application/json',
});

describe('a JSON body nested 20,000 levels deep', () => {
  it('a ticket: 400 INVALID_INPUT naming the depth limit, arrays or objects', async () => {
    for (const body of [deepArray, deepObject]) {
      const answer = await send(port, {
        method: 'POST',
        path: '/v2.0/dispensary/demo/ecommerce/ticket',
        headers: headers(),
        body,
      });
      expect(expectFailure(answer, 400, 'INVALID_INPUT').resultDetail).toMatch(
        /^the request body is nested deeper than 64 levels/,
      );
    }
  });

  it('every write operation of /openapi.json: no 5xx, the one error shape', async () => {
    const doc = JSON.parse((await send(port, { path: '/openapi.json' })).text) as Parameters<typeof writeOperations>[0];
    const operations = writeOperations(doc).filter((operation) => operation.contentType === 'application/json');
    expect(operations.length).toBeGreaterThanOrEqual(40);
    for (const operation of operations) {
      const path = operation.path
        .replace('{dispensaryShortName}', 'demo')
        .replace('{terminalId}', 'front-1')
        .replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const answer = await send(port, { method: operation.method, path, headers: headers(), body: deepArray });
      const label = `${operation.method} ${operation.path} → ${answer.status} ${answer.text}`;
      expect(answer.status, label).toBeLessThan(500);
      const body = expectFailure(answer, answer.status);
      // Only a refusal of who asks (a manager may not manage staff) may come before the body's.
      if (answer.status !== 403) expect(body.resultDetail, label).toMatch(/nested deeper than 64 levels/);
    }
  });
});
