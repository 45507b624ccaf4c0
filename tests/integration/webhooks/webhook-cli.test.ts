// `servicepay webhooks` as an operator runs it: the real CLI, on the database of a
// demo service running here, delivering to a real receiver on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../examples/integrator/verify-webhook.js';
import {
  SIGNATURE_HEADER,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '../../../shared/contracts/webhooks.js';
import { WebhookDispatcher } from '../../../electron/server/webhooks/dispatcher.js';
import { freshDatabase } from '../../support/test-database.js';
import { createTicket } from '../payments/support/payment-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { TestReceiver } from './receiver.js';
import { runServicepay } from '../../support/cli-in-process.js';

const database = await freshDatabase();
const receiver = new TestReceiver();
let service: DemoService;
let dispatcher: WebhookDispatcher;
let url: string;

beforeAll(async () => {
  service = await demoService(database.config);
  dispatcher = new WebhookDispatcher(service.app.ctx.db, { now: () => new Date() });
  url = await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await service.close();
  await database.drop();
});

/** Runs `servicepay webhooks …` (in this process, which goes on answering: the receiver answers the CLI's redelivery). */
const servicepay = (...args: string[]) => runServicepay([...database.args, 'webhooks', ...args]);
async function text(...args: string[]): Promise<string> {
  const result = await servicepay(...args);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}
const json = async <T>(...args: string[]): Promise<T> => JSON.parse(await text(...args, '--json')) as T;
async function refusal(...args: string[]): Promise<string> {
  const result = await servicepay(...args);
  expect(result.status, result.stdout).toBe(1);
  return result.stderr;
}

/**
 * A time of the demo store's day as the CLI prints it: "Today, 3:37 PM PDT". A delivery's next try
 * is in the future: a run a minute before the store's midnight reads "Tomorrow, 12:00 AM PST".
 */
const STORE_TIME = /(Today|Yesterday|Tomorrow|[A-Z][a-z]{2} \d{1,2}(, \d{4})?), \d{1,2}:\d{2} (AM|PM) P[SD]T/;

let endpoint: WebhookEndpointView;
let secret: string;

describe('servicepay webhooks', { timeout: 60_000 }, () => {
  it('adds an endpoint for local testing and prints its secret once', async () => {
    const added = await json<{ endpoint: WebhookEndpointView; secret: string }>(
      ...['add', url, '--events', 'all', '--dispensary', 'demo', '--allow-local', '--description', 'Shop'],
    );
    expect(added.secret).toMatch(/^whsec_/);
    expect(added.endpoint).toMatchObject({
      url,
      description: 'Shop',
      events: [...WEBHOOK_EVENT_TYPES],
      dispensaryShortName: 'demo',
      allowLocal: true,
      disabled: false,
    });
    ({ endpoint, secret } = added);
  });

  it('refuses a private address without --allow-local, and an unknown event, naming the option', async () => {
    const local = await refusal('add', 'https://10.1.2.3/hooks', '--events', 'order.paid', '--dispensary', 'demo');
    const plain = await refusal('add', 'http://shop.example.com/h', '--events', 'order.paid', '--dispensary', 'demo');
    const unknown = await refusal(
      'add',
      'https://shop.example.com/h',
      '--events',
      'order.paid,order.shipped',
      '--dispensary',
      'demo',
    );
    expect(local).toMatch(
      /^servicepay: the URL points at a loopback or private address \(10\.1\.2\.3\).*--allow-local/,
    );
    expect(plain).toContain(
      'the URL must start with https:// (http:// is accepted only for local testing, with --allow-local)',
    );
    expect(`${local}${plain}`).not.toContain('allowLocal');
    expect(unknown).toContain('--events has no event named order.shipped');
    expect(unknown).toContain(WEBHOOK_EVENT_TYPES.join(', '));
    const long = ['--events', 'all', '--dispensary', 'demo', '--description', 'd'.repeat(201)];
    expect(await refusal('add', 'https://shop.example.com/h', ...long)).toBe(
      'servicepay: --description must be at most 200 characters\n',
    );
    expect(await refusal('add', 'https://shop.example.com/h', '--events', 'all')).toBe(
      'servicepay: --dispensary or --org is required: where does it belong?\n',
    );
    // An organization no one made: refused naming --org, and no endpoint is kept for it.
    expect(await refusal('add', 'https://shop.example.com/h', '--events', 'all', '--org', 'no-such-org')).toBe(
      'servicepay: --org does not name an organization: no-such-org\n',
    );
    expect((await json<WebhookEndpointView[]>('list')).map((listed) => listed.id)).toEqual([endpoint.id]);
  });

  it('lists, disables, enables and rotates the secret', async () => {
    const listed = await text('list', '--dispensary', 'demo');
    expect(listed).toMatch(/^id\s+url\s+events\s+store\s+state/);
    expect(listed).toMatch(new RegExp(`${endpoint.id}\\s+${url}\\s+all\\s+Green Valley Dispensary\\s+enabled`));
    expect(await text('disable', endpoint.id)).toBe(`Webhook endpoint ${endpoint.id} (${url}): disabled (manual).\n`);
    expect(await json<WebhookEndpointView>('enable', endpoint.id)).toMatchObject({
      disabled: false,
      disabledReason: null,
    });
    const rotated = await json<{ endpoint: WebhookEndpointView; secret: string }>('rotate-secret', endpoint.id);
    expect(rotated.endpoint.id).toBe(endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    secret = rotated.secret;
  });

  it('shows the delivery log in the store’s time, a page at a time, and redelivers a failed delivery', async () => {
    receiver.answers = [500];
    const failed = await createTicket(service, 1, 0);
    expect(await dispatcher.runDue()).toBe(1);
    const delivered = await createTicket(service, 1, 1);
    expect(await dispatcher.runDue()).toBe(1);
    const [first] = receiver.received;
    expect(() =>
      verifyWebhook(first!.body, first!.headers[SIGNATURE_HEADER.toLowerCase()] as string, secret),
    ).not.toThrow();

    const newest = await text('deliveries', '--dispensary', 'demo', '--limit', '1');
    expect(newest).toMatch(
      /^Times in America\/Los_Angeles\.\nid\s+time\s+event\s+order\s+status\s+attempts\s+last answer\s+next try/,
    );
    expect(newest).toMatch(
      new RegExp(`order\\.created\\s+${delivered.orderNumber}\\s+delivered\\s+1\\s+HTTP 200: ok\\s+—`),
    );
    expect(newest).toMatch(STORE_TIME);
    const cursor = /More: --before (\S+)\n$/.exec(newest)?.[1];
    expect(cursor, newest).toBeDefined();

    const older = await text('deliveries', '--dispensary', 'demo', '--limit', '1', '--before', cursor!);
    expect(older).toMatch(
      new RegExp(
        `order\\.created\\s+${failed.orderNumber}\\s+failed, will retry\\s+1\\s+HTTP 500: receiver is down\\s+`,
      ),
    );
    expect(older.split('\n').find((line) => line.includes(failed.orderNumber))).toMatch(
      new RegExp(`^\\S+\\s+${STORE_TIME.source}\\s+order\\.created.+${STORE_TIME.source}$`),
    );
    expect(older).not.toContain('More:');
    // The cursor pages the log it came with, and no log of other filters.
    const other = await servicepay('deliveries', '--dispensary', 'demo', '--status', 'failed', '--before', cursor!);
    expect([other.status, other.stderr]).toEqual([
      1,
      'servicepay: --before belongs to a list with other filters: start again from the first page\n',
    ]);

    const pending = await json<{ deliveries: WebhookDeliveryView[]; nextCursor: string | null }>(
      ...['deliveries', '--endpoint', endpoint.id, '--status', 'pending'],
    );
    expect(pending.nextCursor).toBeNull();
    expect(pending.deliveries).toEqual([
      expect.objectContaining({ orderNumber: failed.orderNumber, attempts: 1, lastStatusCode: 500 }),
    ]);

    expect(await text('redeliver', pending.deliveries[0]!.id)).toBe('Delivered: HTTP 200\n');
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]!.body).toBe(first!.body);
  });
});
