import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentRecordSchema, PaymentSessionSchema, type PaymentRecord } from '../../../shared/contracts/payment.js';
import { validatorCompiler } from '../../../electron/server/http/validators.js';
import {
  createTicket,
  pay,
  paymentService,
  presentCard,
  session,
  waitForSession,
  type PaymentHarness,
  type PayResponse,
} from './support/payment-fixtures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CUSTOMER = {
  id: 'C-77',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '+1 916 555 0100',
  email: 'ada@example.com',
};

const string = (value: unknown) => typeof value === 'string';
const uuid = (value: unknown) => typeof value === 'string' && UUID.test(value);
const cents = (value: unknown) => Number.isInteger(value);
const orNull = (check: (value: unknown) => boolean) => (value: unknown) => value === null || check(value);

/** Spec 2.8 `data` fields of approved and canceled payments, with their types. */
const SPEC_2_8: Record<string, (value: unknown) => boolean> = {
  id: uuid,
  invoiceId: orNull(string),
  chargeId: orNull(string),
  originalAmount: cents,
  taxAmount: orNull(cents),
  tipAmount: cents,
  feeAmount: cents,
  providerPaymentType: orNull(string),
  paymentDirection: orNull(string),
  providerTransType: string,
  entityId: uuid,
  customer: (value) =>
    typeof value === 'object' &&
    value !== null &&
    ['firstName', 'lastName', 'phone', 'email'].every((key) => string((value as Record<string, unknown>)[key])),
  processorResponseCode: string,
  processorResponseMessage: string,
  processorResponseDetailMessage: string,
  paymentDeviceConfigurationId: uuid,
  employeeReferenceId: string,
  associateId: uuid,
  transactingAssociateId: orNull(uuid),
  status: string,
  referenceNumber: string,
  processorId: uuid,
  method: string,
  updatedAt: (value) => string(value) && ISO_UTC_MS.test(value as string),
  cashbackAmount: cents,
  ticketId: uuid,
  sessionId: uuid,
  lastActionTaken: string,
};

let service: PaymentHarness;
let approved: PaymentRecord;
let canceled: PaymentRecord;

beforeAll(async () => {
  // The PIN pad waits ten minutes: the approved payment's card is presented, and the canceled one's
  // never is, so the cancel always finds it waiting.
  service = await paymentService({ pinpadDelayMs: 600_000 });
  const token = service.tokens.cashier;
  const ticket = await createTicket(service, 1, 0);
  const event = {
    ticketAlphaNumId: ticket.orderNumber,
    customer: CUSTOMER,
    employeeReferenceId: 'E1001',
    transactingAssociateId: '7d4f2c1e-5a8b-4c3d-9e2f-1a2b3c4d5e6f',
    taxes: 400,
  };
  const first = await session(service, token, { ...event, originalAmount: 1000 });
  const started = await pay(service, token, first.sessionId, { paymentMethod: 'ATM' });
  await presentCard(service, started.json<PayResponse>().payment!.id, token);
  approved = (await waitForSession(service, token, first.sessionId, (s) => s.status === 'completed')).payments[0]!;
  const second = await session(service, token, { ...event, originalAmount: 500 });
  await pay(service, token, second.sessionId, { paymentMethod: 'Debit' });
  const cancel = await service.request({
    method: 'POST',
    url: `/v2.0/payments/sessions/${second.sessionId}/cancel`,
    headers: { authorization: `Bearer ${token}` },
  });
  canceled = cancel.json().payment;
});
afterAll(() => service.close());

describe('the payment record (spec 2.8 data)', () => {
  it.each(Object.keys(SPEC_2_8))('%s is present with the right type (approved and canceled)', (field) => {
    for (const record of [approved, canceled]) {
      expect(record, field).toHaveProperty(field);
      expect(
        SPEC_2_8[field]!((record as unknown as Record<string, unknown>)[field]),
        `${field} = ${JSON.stringify((record as unknown as Record<string, unknown>)[field])}`,
      ).toBe(true);
    }
  });

  it('carries the values of spec 6 for approved and canceled payments', () => {
    expect(approved).toMatchObject({
      status: 'approved',
      processorResponseMessage: 'approved',
      providerTransType: 'sale',
      lastActionTaken: 'sale',
      method: 'ATM',
      customer: CUSTOMER,
      employeeReferenceId: 'E1001',
      taxAmount: 400,
      cashbackAmount: 0,
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      processorResponseMessage: 'canceled',
      lastActionTaken: 'cancel',
    });
  });

  it('matches the contract schema exactly (as the widget types it)', () => {
    const validate = validatorCompiler({ schema: PaymentRecordSchema, httpPart: 'body', url: '', method: 'GET' }) as (
      value: unknown,
    ) => boolean;
    expect(validate(approved)).toBe(true);
    expect(validate(canceled)).toBe(true);
  });

  it('stamps updatedAt in UTC with milliseconds, from the service clock', async () => {
    const fixed = new Date('2026-03-04T05:06:07.089Z');
    const clocked = await paymentService({ now: () => fixed });
    try {
      const opened = await session(clocked, clocked.tokens.cashier, {
        ticketAlphaNumId: (await createTicket(clocked)).orderNumber,
        originalAmount: 700,
      });
      const answer = await pay(clocked, clocked.tokens.cashier, opened.sessionId, {
        paymentMethod: 'Cash',
        tenderedAmount: 700,
      });
      expect(answer.json().payment.updatedAt).toBe('2026-03-04T05:06:07.089Z');
      const validate = validatorCompiler({
        schema: PaymentSessionSchema,
        httpPart: 'body',
        url: '',
        method: 'GET',
      }) as (value: unknown) => boolean;
      expect(validate(answer.json().session)).toBe(true);
    } finally {
      await clocked.close();
    }
  });
});
