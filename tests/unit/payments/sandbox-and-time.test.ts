import { describe, expect, it } from 'vitest';
import { decideSandbox } from '../../../electron/server/payments/processors/sandbox-outcomes.js';
import { zonedParts, nextDay, startOfZonedDay } from '../../../shared/zoned-day.js';
import { PinPadSimulator } from '../../../electron/server/payments/pay/pinpad-simulator.js';
import { KeyedLock } from '../../../electron/server/db/keyed-lock.js';

describe('decideSandbox (the README table)', () => {
  it.each([
    [1051, 'declined', '51', false],
    [1055, 'declined', '55', false],
    [1005, 'declined', '05', false],
    [1091, 'approved', '00', true],
    [1096, 'error', '96', false],
    [1000, 'approved', '00', false],
    [1099, 'approved', '00', false],
  ])('card %i cents → %s %s (times out: %s)', (amount, status, code, timesOut) => {
    expect(decideSandbox('Credit', amount)).toMatchObject({ status, code, timesOut });
  });

  it('declines ACH at .51 (R01), fails it at .96 as a processor error and approves everything else', () => {
    expect(decideSandbox('ACH', 2051)).toMatchObject({ status: 'declined', code: 'R01' });
    expect(decideSandbox('ACH', 2096)).toMatchObject({ status: 'error', code: '96', timesOut: false });
    expect(decideSandbox('ACH', 2055)).toMatchObject({ status: 'approved', code: '00' });
    expect(decideSandbox('ACH', 2005)).toMatchObject({ status: 'approved', code: '00' });
    expect(decideSandbox('ACH', 2091)).toMatchObject({ status: 'approved', timesOut: false });
    expect(decideSandbox('ACH', 2000)).toMatchObject({ status: 'approved', code: '00' });
  });
});

describe('local time', () => {
  it('finds the start of a local day, also across daylight saving', () => {
    expect(startOfZonedDay('2026-06-15', 'America/Los_Angeles').toISOString()).toBe('2026-06-15T07:00:00.000Z');
    expect(startOfZonedDay('2026-01-15', 'America/Los_Angeles').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(startOfZonedDay('2026-03-08', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfZonedDay('2026-03-09', 'America/Los_Angeles').toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(zonedParts(new Date('2026-06-15T19:30:00Z'), 'America/Los_Angeles').hour).toBe(12);
  });
});

describe('PinPadSimulator', () => {
  it('reads a card after the delay, and reads none when canceled first', async () => {
    const pinpad = new PinPadSimulator(20);
    await expect(pinpad.present('a', 'Debit')).resolves.toEqual({ brand: 'Mastercard Debit', last4: '8210' });
    const waiting = pinpad.present('b', 'Credit');
    expect(pinpad.isWaiting('b')).toBe(true);
    expect(pinpad.cancel('b')).toBe(true);
    await expect(waiting).resolves.toBeNull();
    expect(pinpad.cancel('b')).toBe(false);
  });

  it('reads the card at once when one is presented, and only while it waits', async () => {
    const pinpad = new PinPadSimulator(600_000);
    const waiting = pinpad.present('c', 'Credit');
    expect(pinpad.presentCard('c')).toBe(true);
    await expect(waiting).resolves.toEqual({ brand: 'Visa', last4: '4242' });
    expect(pinpad.isWaiting('c')).toBe(false);
    expect(pinpad.presentCard('c')).toBe(false);
    expect(pinpad.presentCard('never-asked')).toBe(false);
  });
});

describe('KeyedLock', () => {
  it('runs work of one key one at a time, even when one fails', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const step = (name: string, ms: number, fail = false) =>
      lock.run('p', async () => {
        order.push(`${name}:start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`${name}:end`);
        if (fail) throw new Error(name);
      });
    await Promise.allSettled([step('a', 20, true), step('b', 1)]);
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });
});
