import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableMethod } from '../../../shared/contracts/payment.js';
import { DEMO_PAYMENTS } from '../../../electron/server/demo/seed-demo-payments.js';
import { MethodsRepository } from '../../../electron/server/payments/store/methods-repository.js';
import { ProcessorsRepository } from '../../../electron/server/payments/store/processors-repository.js';
import { DevicesRepository } from '../../../electron/server/payments/store/devices-repository.js';
import { createTicket, DEMO, pay, paymentService, session, type PaymentHarness } from './support/payment-fixtures.js';

let service: PaymentHarness;
const backRoom = randomUUID();

beforeAll(async () => {
  service = await paymentService();
  const { db } = service.app.ctx;
  // A second location of the demo store that takes cash only.
  await db.write(async (tx) => {
    await tx.run(
      db.builder
        .insertInto('locations')
        .values({ id: backRoom, dispensary_id: DEMO.dispensaryId, name: 'Back room', is_primary: 0 }),
    );
    await new MethodsRepository(db).set(tx, backRoom, DEMO_PAYMENTS.sandboxProcessorId, 'Cash', true, new Date());
  });
});
afterAll(() => service.close());

async function config(query: Record<string, string>, token = service.tokens.cashier) {
  const search = new URLSearchParams({ entityId: DEMO.organizationId, channel: 'pos', ...query });
  return service.request({
    method: 'GET',
    url: `/v2.0/payments/config?${search}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The methods as a manager sees them: every permission, so only the spec's rules and the channel filter. */
async function methods(query: Record<string, string>): Promise<AvailableMethod[]> {
  const response = await config(query, service.tokens.manager);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ methods: AvailableMethod[] }>().methods;
}

const summary = (list: AvailableMethod[]) => list.map((m) => `${m.paymentMethod}:${m.entry}:${m.processorName}`);

describe('the three filtering rules (spec 4.3)', () => {
  it('1: without locationId, every enabled method of the entity (one entry per method)', async () => {
    expect(summary(await methods({ channel: 'pos' }))).toEqual([
      'Credit:pinpad:sandbox',
      'Debit:pinpad:sandbox',
      'ATM:pinpad:sandbox',
      'Cash:cash:sandbox',
    ]);
  });

  it("2: with locationId, only that location's methods", async () => {
    expect(summary(await methods({ channel: 'pos', locationId: backRoom }))).toEqual(['Cash:cash:sandbox']);
    expect(await methods({ channel: 'ecommerce', locationId: backRoom })).toEqual([]);
  });

  it("3: with locationId and processorName, only that processor's methods at that location", async () => {
    expect(
      summary(await methods({ channel: 'ecommerce', locationId: DEMO.locationId, processorName: 'paynet' })),
    ).toEqual(['Credit:keyed:paynet', 'ACH:paylink:paynet']);
    expect(await methods({ channel: 'ecommerce', locationId: backRoom, processorName: 'paynet' })).toEqual([]);
  });
});

describe('channel capabilities and limits', () => {
  it.each([
    ['pos', ['Credit:pinpad', 'Debit:pinpad', 'ATM:pinpad', 'Cash:cash']],
    ['ffd', ['Credit:pinpad', 'Debit:pinpad', 'ATM:pinpad', 'Cash:cash']],
    ['ecommerce', ['Credit:keyed', 'ACH:paylink']],
    ['virtual_terminal', ['Credit:keyed', 'ACH:paylink']],
  ])('%s offers %j', async (channel, expected) => {
    expect((await methods({ channel })).map((m) => `${m.paymentMethod}:${m.entry}`)).toEqual(expected);
  });

  it('names the PIN pad of card-present methods, and says so when the processor has none there', async () => {
    const [credit] = await methods({ channel: 'pos' });
    expect(credit).toMatchObject({
      paymentDeviceConfigurationId: DEMO_PAYMENTS.frontCounterPinPadId,
      unavailableReason: null,
      label: 'Credit card',
    });
    const [paynetCredit] = await methods({ channel: 'pos', processorName: 'paynet' });
    expect(paynetCredit).toMatchObject({
      processorName: 'paynet',
      paymentDeviceConfigurationId: null,
      unavailableReason: 'No PIN pad of paynet at Sales floor',
    });
  });

  it('refuses a card-present payment where no PIN pad serves the processor (409)', async () => {
    const ticket = await createTicket(service, 1, 0);
    const opened = await session(service, service.tokens.cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
      processorName: 'paynet',
    });
    const answer = await pay(service, service.tokens.cashier, opened.sessionId, { paymentMethod: 'Credit' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().resultDetail).toBe('Credit cannot be taken here: No PIN pad of paynet at Sales floor');
  });

  it('refuses another entity, an unknown location or processor, a bad channel', async () => {
    expect((await config({ entityId: randomUUID() })).statusCode).toBe(403);
    const location = await config({ locationId: randomUUID() });
    expect(location.statusCode).toBe(400);
    expect(location.json().resultDetail).toMatch(/^locationId does not name a location of this entity/);
    const processor = await config({ processorName: 'stripe' });
    expect(processor.json().resultDetail).toBe(
      'processorName does not name a processor of this entity (sandbox, paynet)',
    );
    const channel = await config({ channel: 'kiosk' });
    expect(channel.json().resultDetail).toBe(
      'channel in the query must be one of "ffd", "ecommerce", "virtual_terminal", "pos"',
    );
  });
});

describe('configuration changes', () => {
  it('leaves out disabled methods and PIN pads; the default processor wins a tie', async () => {
    const { db } = service.app.ctx;
    const now = new Date();
    await db.write((tx) =>
      new MethodsRepository(db).set(tx, DEMO.locationId, DEMO_PAYMENTS.sandboxProcessorId, 'Debit', false, now),
    );
    expect((await methods({ channel: 'pos' })).map((m) => m.paymentMethod)).toEqual(['Credit', 'ATM', 'Cash']);

    expect((await methods({ channel: 'ecommerce' }))[0]).toMatchObject({
      paymentMethod: 'Credit',
      processorName: 'sandbox',
    });
    await db.write((tx) => new ProcessorsRepository(db).setDefault(tx, DEMO.organizationId, 'paynet'));
    expect((await methods({ channel: 'ecommerce' }))[0]).toMatchObject({
      paymentMethod: 'Credit',
      processorName: 'paynet',
    });
    // paynet is the default but has no PIN pad here: the processor that can take the payment wins.
    expect((await methods({ channel: 'pos' }))[0]).toMatchObject({
      paymentMethod: 'Credit',
      processorName: 'sandbox',
      unavailableReason: null,
    });

    await db.write((tx) => new DevicesRepository(db).disable(tx, DEMO_PAYMENTS.frontCounterPinPadId));
    expect((await methods({ channel: 'pos' }))[0]!.unavailableReason).toBe('No PIN pad of paynet at Sales floor');
  });
});
