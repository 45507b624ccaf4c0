import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORED_CODE, StoredCards } from '../../../electron/server/payments/pay/stored-cards.js';
import { cashSale, paymentService, type PaymentHarness } from './support/payment-fixtures.js';

// A card payment a register stored offline reaches its store server as the register forwarded it
// (approved, STORED). Only the register that stored it sends it to the processor: a server that
// sent it too would race the register's own answer, and the decline would miss the exceptions report.
let service: PaymentHarness;
beforeAll(async () => {
  service = await paymentService();
});
afterAll(() => service.close());

describe('stored card payments held by a store server', () => {
  it('are never sent from the server, only from the register that stored them', async () => {
    const { id } = await cashSale(service, service.tokens.cashier, 0, 0);
    const { db } = service.app.ctx;
    // As a register forwards a payment it stored while its processor did not answer.
    await db.write((tx) =>
      tx.run(
        db.builder
          .updateTable('payments')
          .set({ response_code: STORED_CODE, stored_at: new Date().toISOString() })
          .where('id', '=', id),
      ),
    );
    const cards = new StoredCards(service.app.ctx);
    expect(await cards.unsent(db)).toEqual([]);
    // The same database attached as a register: the payment is its own to send. A register runs on
    // its SQLite; the service on PostgreSQL is a store server whatever rows it holds.
    await db.write((tx) =>
      tx.run(
        db.builder.insertInto('server_link').values({
          register_id: 'r-1',
          server_url: 'http://127.0.0.1:9',
          secret: 'not used',
          dispensary_id: 'not used',
          name: 'front-1',
          attached_at: new Date().toISOString(),
        }),
      ),
    );
    expect(await cards.unsent(db)).toEqual(db.kind === 'sqlite' ? [{ id }] : []);
  });
});
