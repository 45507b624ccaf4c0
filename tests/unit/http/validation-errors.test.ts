import { describe, expect, it } from 'vitest';
import { RefundRequestSchema } from '../../../shared/contracts/payment-reports.js';
import { TicketLinesEditSchema } from '../../../shared/contracts/ticket-edits.js';
import { AmountCents, CENTS_MARK, Count } from '../../../shared/numbers.js';
import { fromValidation, type AjvError } from '../../../electron/server/http/validation-errors.js';
import { validatorCompiler } from '../../../electron/server/http/validators.js';

type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** The refusal of `body` by `schema`, as the error handler makes it: its words and the field kept. */
function refusal(schema: object, body: unknown): { words: string; field: string | undefined } {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as Validate;
  expect(validate(body)).toBe(false);
  const error = fromValidation(validate.errors!, 'body', body);
  return { words: error.message, field: error.field };
}

describe('a schema refusal of an item that names an order’s line', () => {
  it('names the line by its lineIndex, not the item’s place in the list', () => {
    const edit = (change: object) =>
      refusal(TicketLinesEditSchema, { changes: [{ lineIndex: 3, remove: true }, change] });
    expect(edit({ lineIndex: 2, quantity: '1' })).toEqual({
      words: 'line 2: quantity must be a number from -100,000 to 100,000, not the text "1"',
      field: 'changes[1].quantity',
    });
    expect(edit({ lineIndex: 1, colour: 'red' })).toEqual({
      words:
        'line 1: colour is not an allowed field; the fields allowed here are lineIndex, quantity, packageId and remove',
      field: 'changes[1].colour',
    });
    expect(edit({ lineIndex: 4, remove: false }).words).toBe('line 4: remove must be true');
  });

  it('keeps the path where the item names no line, and for every other list', () => {
    expect(refusal(TicketLinesEditSchema, { changes: [{ lineIndex: '1', quantity: 1 }] }).words).toBe(
      'changes[0].lineIndex must be a whole number from 1 to 100, not the text "1"',
    );
    const items = {
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', properties: { quantity: { type: 'number', minimum: 1 } } } },
      },
    };
    expect(refusal(items, { items: [{ quantity: 2 }, { quantity: 0 }] }).words).toBe(
      'items[1].quantity must be a number of at least 1, not 0',
    );
  });
});

describe('a schema refusal says where the value was in words, never the framework’s part name', () => {
  /** The refusal of `data` checked as `httpPart` by `schema`, as the error handler makes it. */
  function refusalIn(httpPart: string, schema: object, data: unknown): { words: string; field: string | undefined } {
    const validate = validatorCompiler({ schema, method: 'GET', url: '/x', httpPart }) as Validate;
    expect(validate(data)).toBe(false);
    const error = fromValidation(validate.errors!, httpPart, data);
    return { words: error.message, field: error.field };
  }
  const object = (properties: object, required: string[] = []) => ({ type: 'object', properties, required });

  it('a path parameter is in the address', () => {
    const schema = object({ orderNumber: { type: 'string', pattern: '^[A-Za-z0-9]{1,10}$' } }, ['orderNumber']);
    const refused = refusalIn('params', schema, { orderNumber: 'not-a-number!' });
    expect(refused.words).toMatch(/^orderNumber in the address must /);
    expect(refused.words).not.toMatch(/params|pattern/);
    expect(refused.field).toBe('orderNumber');
    const id = refusalIn('params', object({ orderId: { type: 'string', format: 'uuid' } }), { orderId: 'x' });
    expect(id.words).toMatch(/^orderId in the address must be an id as a UUID/);
  });

  it('a query parameter is in the query', () => {
    const schema = object({ status: { type: 'string', enum: ['OPEN', 'PAID'] }, from: { type: 'string' } }, ['from']);
    expect(refusalIn('querystring', schema, { from: 'a', status: 'GONE' })).toEqual({
      words: 'status in the query must be one of "OPEN", "PAID"',
      field: 'status',
    });
    expect(refusalIn('querystring', schema, {}).words).toBe('from in the query is required');
    expect(refusalIn('querystring', object({ limit: { type: 'integer', maximum: 50 } }), { limit: 51 }).words).toBe(
      'limit in the query must be a whole number of at most 50, not 51',
    );
  });

  it('a header is a header', () => {
    const schema = object({ 'idempotency-key': { type: 'string' } }, ['idempotency-key']);
    expect(refusalIn('headers', schema, {})).toEqual({
      words: 'idempotency-key header is required',
      field: 'idempotency-key',
    });
  });

  it('an unknown query parameter is named with those the route takes, as an unknown body field is', () => {
    const closed = (properties: object) => ({ type: 'object', properties, additionalProperties: false });
    const list = closed({ status: { type: 'string' }, from: { type: 'string' }, cursor: { type: 'string' } });
    expect(refusalIn('querystring', list, { stauts: 'OPEN' })).toEqual({
      words: 'stauts in the query is not an allowed parameter; the parameters allowed here are status, from and cursor',
      field: 'stauts',
    });
    expect(refusalIn('querystring', closed({}), { t: '1700000000' })).toEqual({
      words: 't in the query is not an allowed parameter; this route takes no query parameters',
      field: 't',
    });
    expect(
      refusalIn('body', closed({ reason: { type: 'string' }, amount: { type: 'integer' } }), { why: 'x' }),
    ).toEqual({
      words: 'why is not an allowed field; the fields allowed here are reason and amount',
      field: 'why',
    });
    // A name sent is echoed at most 100 characters long.
    const long = 'x'.repeat(5000);
    expect(refusalIn('querystring', list, { [long]: '1' }).words).toBe(
      `${'x'.repeat(100)}… in the query is not an allowed parameter; the parameters allowed here are status, from and cursor`,
    );
  });

  it('a body field is named alone; a rule about a whole part names the part', () => {
    expect(refusalIn('body', object({ note: { type: 'string' } }), { note: 1 }).words).toBe('note must be a string');
    expect(refusalIn('querystring', { type: 'object', minProperties: 1 }, {})).toEqual({
      words: 'the query must have at least 1 field',
      field: 'querystring',
    });
    expect(refusalIn('body', { type: 'object' }, 'text').words).toBe('the body must be an object');
    expect(fromValidation([], 'params').message).toBe('the address is invalid');
  });
});

describe('a schema refusal of an amount in cents (CENTS_MARK of shared/numbers.ts)', () => {
  const AT_LEAST_1 = 'amount is in cents: a whole number of at least 1, such as 2219 for $22.19';

  it("says the unit and an example by the schema alone: a refund's amount as its route's own check says it", () => {
    const refund = (amount: unknown) => refusal(RefundRequestSchema, { amount, reason: 'Lid cracked' });
    expect(refund(3.25)).toEqual({ words: `${AT_LEAST_1}, not 3.25`, field: 'amount' });
    expect(refund('3.25').words).toBe(`${AT_LEAST_1}, not the text "3.25"`);
    expect(refund(0).words).toBe(`${AT_LEAST_1}, not 0`);
    expect(refund(100_000_001).words).toBe(
      'amount is in cents: a whole number of at most 100,000,000 ($1,000,000.00), such as 2219 for $22.19, not 100000001',
    );
  });

  it('names a cents field within a line by its line, and leaves every other number in the rule’s own words', () => {
    const lines = {
      type: 'object',
      properties: { changes: { type: 'array', items: { type: 'object', properties: { priceCents: AmountCents() } } } },
    };
    expect(refusal(lines, { changes: [{ lineIndex: 2, priceCents: -1 }] }).words).toBe(
      'line 2: priceCents is in cents: a whole number of at least 0, such as 2219 for $22.19, not -1',
    );
    const count = { type: 'object', properties: { count: Count() } };
    expect(refusal(count, { count: -1 }).words).toBe('count must be a whole number of at least 0, not -1');
  });

  it('marks the schema and changes nothing of what validates', () => {
    expect(AmountCents()).toEqual({ type: 'integer', minimum: 0, maximum: 100_000_000, ...CENTS_MARK });
    const validate = validatorCompiler({
      schema: AmountCents(undefined, 1),
      method: 'POST',
      url: '/x',
      httpPart: 'body',
    });
    expect([1, 2219, 100_000_000, 0, 3.25, '3', 100_000_001].map((value) => validate(value))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
