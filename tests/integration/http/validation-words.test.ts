import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_WORDS, PATTERN_WORDS } from '../../../electron/server/http/rule-words.js';
import { testApp } from '../support/demo-service.js';

/**
 * A refusal by the API's schemas says what the field asks for in words: every string pattern and
 * format of /openapi.json has its words (a new one without them fails here), never a regular
 * expression or a format's name (tests/unit/http/rule-words.test.ts: the words of each rule;
 * tests/integration/tickets/ticket-bad-input.test.ts and payments/bad-input.test.ts: as answered).
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

/** Every value of `key` in the document's schemas. */
function valuesOf(node: unknown, key: string, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const child of node) valuesOf(child, key, found);
  else if (node !== null && typeof node === 'object') {
    for (const [name, child] of Object.entries(node)) {
      if (name === key && typeof child === 'string') found.add(child);
      else valuesOf(child, key, found);
    }
  }
  return found;
}

describe('the schema refusals of the API', () => {
  it('have words for every pattern and format of /openapi.json', async () => {
    const doc: unknown = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const patterns = [...valuesOf(doc, 'pattern')];
    const formats = [...valuesOf(doc, 'format')];
    expect(patterns.length).toBeGreaterThan(10);
    expect(formats).toEqual(expect.arrayContaining(['uuid', 'date-time']));
    expect(patterns.filter((pattern) => !(pattern in PATTERN_WORDS))).toEqual([]);
    expect(formats.filter((format) => !(format in FORMAT_WORDS))).toEqual([]);
  });
});
