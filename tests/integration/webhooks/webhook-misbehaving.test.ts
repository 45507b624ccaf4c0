import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerInWords } from '../../../shared/network-failures.js';
import { deliveryTable, redeliveryLine } from '../../../electron/cli/commands/webhook-words.js';
import { createTicket } from '../payments/support/payment-fixtures.js';
import { MisbehavingReceiver, type Misbehaviour } from './misbehaving-receiver.js';
import { addEndpoint, deliveries, webhookHarness } from './webhook-support.js';

// An endpoint that takes the connection and then misbehaves, as a real server on 127.0.0.1 (no
// mocks): each failure is said in words a store manager reads — on the back office's Webhooks
// screen and in `servicepay webhooks deliveries` — and what Node said is kept in the delivery's
// record (the API's lastResult, --json) for whoever reads the log.
const web = webhookHarness({ now: () => new Date(), timeoutMs: 5_000 });
const endpoint = new MisbehavingReceiver();
let url: string;
beforeAll(async () => {
  url = await endpoint.start();
});
afterAll(() => endpoint.stop());

const CASES: { misbehaviour: Misbehaviour; words: string; log: RegExp }[] = [
  {
    misbehaviour: 'hang-up',
    words: 'the connection was closed before an answer came',
    log: /^the connection was closed before an answer came \(ECONNRESET: socket hang up\)$/,
  },
  {
    misbehaviour: 'reset',
    words: 'the connection was cut off before an answer came',
    log: /^the connection was cut off before an answer came \(ECONNRESET\)$/,
  },
  {
    misbehaviour: 'not-http',
    words: 'the answer was not HTTP',
    log: /^the answer was not HTTP \(HPE_INVALID_CONSTANT: Parse Error: Expected HTTP\//,
  },
  {
    misbehaviour: 'bad-header',
    words: 'the answer was not valid HTTP: a header had characters HTTP does not allow',
    log: /\(HPE_INVALID_HEADER_TOKEN: Parse Error: Invalid header value char\)$/,
  },
  {
    misbehaviour: 'bad-status',
    words: 'the answer was not valid HTTP',
    log: /^the answer was not valid HTTP \(HPE_INVALID_STATUS: Parse Error: Invalid status code\)$/,
  },
];

describe('an endpoint that misbehaves', () => {
  it.each(CASES)('$misbehaviour: said in words, what Node said kept for the log', async (expected) => {
    const { endpoint: added } = await addEndpoint(web.service, url, ['order.created']);
    endpoint.misbehaviour = expected.misbehaviour;
    const before = endpoint.requests.length;
    await createTicket(web.service, 1, 0);
    expect(await web.dispatcher.runDue()).toBe(1);
    expect(endpoint.requests.length).toBe(before + 1);
    expect(endpoint.requests.at(-1)).toBe('POST /hooks HTTP/1.1');

    const [delivery] = await deliveries(web.service, added.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(delivery!.lastResult).toMatch(expected.log);
    // People read the words only: the back office's Webhooks screen (its lastAnswer) and the command's table alike.
    expect(answerInWords(delivery!.lastResult!)).toBe(expected.words);
    const table = deliveryTable([delivery!], 'America/Los_Angeles');
    expect(table).toContain(expected.words);
    expect(table).not.toMatch(/ECONNRESET|HPE_|Parse Error|socket hang up/);
    expect(redeliveryLine(delivery!, 'America/Los_Angeles')).toMatch(new RegExp(`^Failed again: ${expected.words}; `));
  });
});
