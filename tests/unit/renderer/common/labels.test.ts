import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../../shared/contracts/payment.js';
import {
  categoryLabel,
  humanize,
  methodLabel,
  orderStatusLabel,
  paymentStatusLabel,
  statusTone,
} from '../../../../shared/labels.js';
import { ORDER_STATUSES } from '../../../../shared/order-status.js';

const CODE = /^[A-Z_]+$|_/;

describe('the one label map', () => {
  it('names every order status in words', () => {
    expect(orderStatusLabel('AWAITING_PROCESSING')).toBe('Awaiting payment');
    expect(orderStatusLabel('PAID')).toBe('Paid');
    expect(orderStatusLabel('AUTHORIZED')).toBe('Authorized');
    expect(orderStatusLabel('CANCELED')).toBe('Canceled');
    for (const status of ORDER_STATUSES) expect(orderStatusLabel(status)).not.toMatch(CODE);
  });

  it('tells a sale at the counter from an order picked up', () => {
    expect(orderStatusLabel('COMPLETED', 'register')).toBe('Sold');
    expect(orderStatusLabel('COMPLETED', 'online')).toBe('Picked up');
    expect(orderStatusLabel('COMPLETED')).toBe('Picked up');
    expect(orderStatusLabel('PAID', 'register')).toBe('Paid');
  });

  it('says an order awaiting payment that holds some of its money is partly paid', () => {
    expect(orderStatusLabel('AWAITING_PROCESSING', 'online', true)).toBe('Partly paid');
    expect(orderStatusLabel('AWAITING_PROCESSING', 'online', false)).toBe('Awaiting payment');
    // Only an order still awaiting payment: paid in full, or further on, says where it is.
    expect(orderStatusLabel('PAID', 'online', true)).toBe('Paid');
    expect(orderStatusLabel('COMPLETED', 'register', true)).toBe('Sold');
    expect(statusTone('AWAITING_PROCESSING')).toBe('waiting');
  });

  it('names every payment status and method in words', () => {
    for (const status of PAYMENT_STATUSES) expect(paymentStatusLabel(status)).toMatch(/^[A-Z][a-z ]+$/);
    expect(paymentStatusLabel('error')).toBe('Failed');
    expect(methodLabel('Credit')).toBe('Credit card');
    expect(methodLabel('ACH')).toBe('Bank transfer (ACH)');
    for (const method of PAYMENT_METHODS) expect(methodLabel(method)).not.toBe('');
  });

  it('names catalog types as categories', () => {
    expect(categoryLabel('PREROLL')).toBe('Pre-rolls');
    expect(categoryLabel('ACCESSORY')).toBe('Accessories');
    expect(categoryLabel('CONCENTRATE')).toBe('Concentrates');
  });

  it('reads a code nobody mapped yet as words, never as the code', () => {
    expect(humanize('SOME_NEW_CODE')).toBe('Some new code');
    expect(orderStatusLabel('ON_HOLD')).toBe('On hold');
    expect(categoryLabel('SEED_PACK')).toBe('Seed pack');
    expect(categoryLabel('constructor')).toBe('Constructor');
  });

  it('gives settled money a good tone and waiting or stopped states their own', () => {
    expect(statusTone('PAID')).toBe('good');
    expect(statusTone('approved')).toBe('good');
    expect(statusTone('AWAITING_PROCESSING')).toBe('waiting');
    expect(statusTone('CANCELED')).toBe('stopped');
    expect(statusTone('declined')).toBe('stopped');
    expect(statusTone('SOMETHING')).toBe('plain');
  });
});
