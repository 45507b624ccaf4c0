import { describe, expect, it } from 'vitest';
import { cancelOffer, nextMove } from '../../../../renderer/pos/logic/pickup-actions';
import {
  itemsWords,
  paymentWords,
  pickerWords,
  placedWords,
  promisedWords,
  quantityWords,
  queuePaymentWords,
  whenWords,
} from '../../../../renderer/common/pickup/pickup-words';
import { line, queued } from './queue-fixtures.js';

const ZONE = 'America/Los_Angeles';
const NOW = new Date('2026-11-27T23:30:00Z'); // 3:30 PM in Los Angeles
/** The store's times keep their parts together with no-break spaces; compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('a queued order in words', () => {
  it('says how it is paid, never the code', () => {
    expect(paymentWords('UNPAID')).toEqual({ label: 'Not paid', tone: 'waiting' });
    expect(paymentWords('AUTHORIZED')).toEqual({ label: 'Authorized', tone: 'info' });
    expect(paymentWords('PAID')).toEqual({ label: 'Paid', tone: 'good' });
  });

  it("says when in the store's time, with the day only when it is not today", () => {
    expect(plain(promisedWords({ promisedAt: '2026-11-28T00:30:00Z' }, ZONE, NOW))).toBe('Promised 4:30 PM');
    expect(plain(placedWords({ placedAt: '2026-11-27T23:10:00Z' }, ZONE, NOW))).toBe('Placed 3:10 PM');
    // 10 AM tomorrow in Los Angeles (already tomorrow in UTC at 3:30 PM).
    expect(plain(promisedWords({ promisedAt: '2026-11-28T18:00:00Z' }, ZONE, NOW))).toBe('Promised Tomorrow, 10:00 AM');
    expect(plain(placedWords({ placedAt: '2026-11-27T02:50:00Z' }, ZONE, NOW))).toBe('Placed Yesterday, 6:50 PM');
    expect(plain(whenWords('2026-11-20T17:05:00Z', ZONE, NOW))).toBe('Nov 20, 9:05 AM');
    expect(promisedWords({ promisedAt: null }, ZONE, NOW)).toBe('No time promised');
  });

  it('keeps a time on one line', () => {
    expect(promisedWords({ promisedAt: '2026-11-28T00:30:00Z' }, ZONE, NOW)).not.toMatch(/\d \w/);
  });

  it('says how much to take: a count, or a weighed (deli) line by its weight', () => {
    expect(plain(quantityWords(line({ quantity: 2 })))).toBe('2 ×');
    expect(plain(quantityWords(line({ quantity: 3.5, deli: true, unitType: 'g' })))).toBe('3.5 g');
    expect(itemsWords(1)).toBe('1 item');
    expect(itemsWords(4)).toBe('4 items');
  });

  it('names who picks it, once someone does', () => {
    expect(pickerWords(queued({ orderNumber: 'A' }))).toBeNull();
    const picking = queued({ orderNumber: 'B', fulfillmentStatus: 'IN_PROCESS', status: 'IN_PROCESS', picker: 'sam' });
    expect(pickerWords(picking)).toBe('Picking: sam');
    expect(pickerWords({ ...picking, fulfillmentStatus: 'PACKED_READY' })).toBe('Picked by sam');
    expect(pickerWords({ ...picking, picker: null })).toBeNull();
  });
});

describe("a card's buttons", () => {
  it('start picking a new order, open the pick list of one being picked, and leave a ready one for the counter', () => {
    expect(nextMove({ fulfillmentStatus: 'AWAITING_PROCESSING' })).toBe('start');
    expect(nextMove({ fulfillmentStatus: 'IN_PROCESS' })).toBe('pick');
    expect(nextMove({ fulfillmentStatus: 'PACKED_READY' })).toBeNull();
  });

  it('offer a cancel unless the order is paid, and then say why not', () => {
    const unpaid = cancelOffer({ orderNumber: 'AB23CD', paymentStatus: 'UNPAID', paid: '0.00' });
    expect(unpaid).toEqual({
      offered: true,
      message: 'Order AB23CD ends and its items go back on the shelf. This cannot be undone.',
    });
    const authorized = cancelOffer({ orderNumber: 'AB23CD', paymentStatus: 'AUTHORIZED', paid: '0.00' });
    expect(authorized.offered && authorized.message).toContain('Its ACH authorization is voided.');
    expect(cancelOffer({ orderNumber: 'AB23CD', paymentStatus: 'PAID', paid: '29.58' })).toEqual({
      offered: false,
      why: 'Paid, so it cannot be canceled here: a manager voids or refunds its payment first.',
    });
    expect(cancelOffer({ orderNumber: 'AB23CD', paymentStatus: 'UNPAID', paid: '29.07' })).toEqual({
      offered: false,
      why:
        '$29.07 of it is paid, so it cannot be canceled here: take the rest at the counter, ' +
        'or a manager voids or refunds that payment first.',
    });
  });

  it('say what an order paid in part holds, and its status otherwise', () => {
    const order = { total: '29.58', paid: '29.07' };
    expect(queuePaymentWords({ ...order, paymentStatus: 'UNPAID' })).toEqual({
      label: 'Paid $29.07 of $29.58',
      tone: 'waiting',
    });
    expect(queuePaymentWords({ ...order, paid: '0.00', paymentStatus: 'UNPAID' }).label).toBe('Not paid');
    expect(queuePaymentWords({ ...order, paid: '29.58', paymentStatus: 'PAID' }).label).toBe('Paid');
  });
});
