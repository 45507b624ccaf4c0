import { describe, expect, it } from 'vitest';
import {
  findOrders,
  idLineWords,
  idMatchRefusal,
  idNeedOf,
  needsPayment,
  scannedOrder,
  stagesBefore,
} from '../../../../renderer/pos/logic/hand-over.js';
import { CALIFORNIA } from '../../../support/state-profiles.js';
import { queued } from './queue-fixtures.js';

const ada = queued({ orderNumber: 'AB23CD', customerName: 'Ada L.', fulfillmentStatus: 'PACKED_READY' });
const adam = queued({ orderNumber: 'ZX98YU', customerName: 'Adam K.' });
const nameless = queued({ orderNumber: 'QQ11WW', customerName: null });
const queue = [ada, adam, nameless];

/** A ticket's fields the ID check reads: one line of `type`, for `customerId`. */
const ticket = (type: string, customerId: string | null) => ({
  orderNumber: 'AB23CD',
  customerId,
  items: [{ type } as never],
});

describe('finding an online order at the counter', () => {
  it('finds an order by its number, exactly and in any case', () => {
    expect(findOrders(queue, 'ab23cd')).toEqual([ada]);
    expect(findOrders(queue, '  AB23CD ')).toEqual([ada]);
    expect(findOrders(queue, 'AB23C')).toEqual([]);
  });

  it("finds orders by the customer's name as the queue gives it (first name and initial)", () => {
    expect(findOrders(queue, 'Ada L.')).toEqual([ada]);
    expect(findOrders(queue, 'ada l')).toEqual([ada]);
    expect(findOrders(queue, 'ada')).toEqual([ada, adam]);
    expect(findOrders(queue, 'Grace')).toEqual([]);
    expect(findOrders(queue, '   ')).toEqual([]);
  });

  it('opens a scanned order number only (a scan is never a name)', () => {
    expect(scannedOrder(queue, 'zx98yu')).toBe(adam);
    expect(scannedOrder(queue, 'Ada')).toBeNull();
    expect(scannedOrder(queue, '0123456789012')).toBeNull();
  });
});

describe('what the counter does before handing over', () => {
  it('takes a payment only when the money is not in (an ACH authorization is captured by the service)', () => {
    expect(needsPayment('UNPAID')).toBe(true);
    expect(needsPayment('AUTHORIZED')).toBe(false);
    expect(needsPayment('PAID')).toBe(false);
  });

  it('picks and packs an order not packed yet', () => {
    expect(stagesBefore('AWAITING_PROCESSING')).toEqual(['IN_PROCESS', 'PACKED_READY']);
    expect(stagesBefore('IN_PROCESS')).toEqual(['PACKED_READY']);
    expect(stagesBefore('PACKED_READY')).toEqual([]);
  });
});

describe('the ID check at the hand-over', () => {
  it('asks for nothing where the store enforces no rules, or for an accessory', () => {
    expect(idNeedOf(undefined, ticket('FLOWER', 'c1'))).toEqual({ kind: 'none' });
    expect(idNeedOf(CALIFORNIA, ticket('ACCESSORY', null))).toEqual({ kind: 'none' });
  });

  it("asks for the order's customer, and refuses another person's ID in words", () => {
    const need = idNeedOf(CALIFORNIA, ticket('FLOWER', 'c1'));
    expect(need).toEqual({ kind: 'customer', customerId: 'c1' });
    expect(idMatchRefusal(need, 'c1', 'AB23CD', 'Ada L.')).toBeNull();
    expect(idMatchRefusal(need, 'c2', 'AB23CD', 'Ada L.')).toBe(
      'This ID is not the customer on order AB23CD (Ada L.).',
    );
    expect(idMatchRefusal(need, 'c2', 'AB23CD', null)).toBe('This ID is not the customer on order AB23CD.');
  });

  it('refuses an order naming no customer where its cannabis needs one, as the service does', () => {
    const need = idNeedOf(CALIFORNIA, ticket('FLOWER', null));
    expect(need.kind).toBe('refused');
    expect(idMatchRefusal(need, 'c1', 'AB23CD', null)).toBe(
      'Order AB23CD names no customer, and California requires a customer with a checked ID for cannabis: it cannot be handed over here.',
    );
  });

  it('says whose ID to check in one sentence, the name ending it', () => {
    expect(idLineWords(false, 'Ada L.')).toBe('ID check needed: the order is for Ada L.');
    expect(idLineWords(false, null)).toBe('ID check needed: the order is for the customer it names.');
    expect(idLineWords(true, 'Ada L.')).toBe('ID checked: the customer on the order.');
  });
});
