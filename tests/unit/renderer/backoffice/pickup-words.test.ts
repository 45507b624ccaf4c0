import { describe, expect, it } from 'vitest';
import type { ReadyOrder } from '../../../../shared/contracts/unclaimed.js';
import { nextWords, paidWords, waitedWords } from '../../../../renderer/backoffice/logic/pickup-words.js';

const NOW = new Date('2026-11-25T20:00:00Z'); // 12:00 PM in Los Angeles
const ZONE = 'America/Los_Angeles';
const order = (paymentStatus: ReadyOrder['paymentStatus'], pastHold = false): ReadyOrder => ({
  orderId: '00000000-0000-4000-8000-000000000001',
  orderNumber: 'K7Q2MZ',
  customerName: null,
  total: '24.10',
  readySince: '2026-11-24T02:00:00Z',
  holdEndsAt: '2026-11-26T02:00:00Z', // 6:00 PM in Los Angeles, today
  paymentStatus,
  pastHold,
});

describe('an order ready over a day, in words', () => {
  it('says how it is paid, never as a code', () => {
    expect(paidWords(order('PAID'))).toEqual({ label: 'Paid', tone: 'good' });
    expect(paidWords(order('UNPAID'))).toEqual({ label: 'Not paid', tone: 'waiting' });
    expect(paidWords(order('AUTHORIZED'))).toEqual({ label: 'ACH authorized', tone: 'info' });
  });

  it('says what the hold does next, at the store’s time', () => {
    expect(nextWords(order('UNPAID'), 48, ZONE, NOW)).toBe(
      'Canceled Today, 6:00\u00a0PM unless picked up; its items go back on the shelf.',
    );
    expect(nextWords(order('AUTHORIZED'), 48, ZONE, NOW)).toBe(
      'Canceled Today, 6:00\u00a0PM unless picked up; its items go back on the shelf, its ACH authorization voided.',
    );
    expect(nextWords(order('PAID'), 48, ZONE, NOW)).toBe(
      'Paid, so it is kept past the hold (Today, 6:00\u00a0PM): if it is not picked up, you decide.',
    );
    expect(nextWords(order('PAID', true), 48, ZONE, NOW)).toBe(
      'Past the 48-hour hold since Today, 6:00\u00a0PM: hand it over, or refund and cancel it.',
    );
  });

  it('says how long it waited in days and hours', () => {
    expect(waitedWords('2026-11-24T20:00:00Z', NOW)).toBe('1 day');
    expect(waitedWords('2026-11-24T14:30:00Z', NOW)).toBe('1 day 5 hours');
    expect(waitedWords('2026-11-23T19:00:00Z', NOW)).toBe('2 days 1 hour');
  });
});
