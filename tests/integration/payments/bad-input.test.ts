import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  GOOD_CARD,
  openSession,
  pay,
  paymentService,
  rows,
  session,
  type PaymentHarness,
} from './support/payment-fixtures.js';

let service: PaymentHarness;
let token: string;
let sessionId: string;
let paylinkToken: string;

const written = async () => ({
  payments: await rows(service, 'payments'),
  sessions: await rows(service, 'payment_sessions'),
  keys: await rows(service, 'payment_idempotency_keys'),
  paylinks: await rows(service, 'paylinks'),
});

beforeAll(async () => {
  service = await paymentService();
  token = service.tokens.admin;
  sessionId = (
    await session(service, token, { channel: 'ecommerce', originalAmount: 1000, referenceNumber: 'BAD-INPUT' })
  ).sessionId;
  const ach = await session(service, token, { channel: 'ecommerce', originalAmount: 2000, referenceNumber: 'BAD-ACH' });
  paylinkToken = (await pay(service, token, ach.sessionId, { paymentMethod: 'ACH' }))
    .json()
    .pending.paylinkUrl.split('#')[1];
});
afterAll(() => service.close());

const SESSION = { entityId: DEMO.organizationId, channel: 'ecommerce', originalAmount: 1000 };
const CUSTOMER = { firstName: 'Ada', lastName: 'Lovelace', phone: '+1 916 555 0100', email: 'ada@example.com' };

describe('a bad payment event is 400 naming the field and the rule, and writes nothing', () => {
  it.each([
    [
      'originalAmount zero',
      { originalAmount: 0 },
      'originalAmount is in cents: a whole number of at least 1, such as 2219 for $22.19, not 0',
    ],
    [
      'originalAmount negative',
      { originalAmount: -500 },
      'originalAmount is in cents: a whole number of at least 1, such as 2219 for $22.19, not -500',
    ],
    [
      'originalAmount not whole cents',
      { originalAmount: 10.5 },
      'originalAmount is in cents: a whole number of at least 1, such as 2219 for $22.19, not 10.5',
    ],
    [
      'originalAmount a string',
      { originalAmount: '1000' },
      'originalAmount is in cents: a whole number of at least 1, such as 2219 for $22.19, not the text "1000"',
    ],
    [
      'originalAmount NaN (null in JSON)',
      { originalAmount: null },
      'originalAmount is in cents: a whole number of at least 1, such as 2219 for $22.19, not null',
    ],
    ['originalAmount missing', { originalAmount: undefined }, 'originalAmount is required'],
    ['tip negative', { tip: -1 }, 'tip is in cents: a whole number of at least 0, such as 2219 for $22.19, not -1'],
    ['tip NaN', { tip: null }, 'tip is in cents: a whole number of at least 0, such as 2219 for $22.19, not null'],
    [
      'taxes not a number',
      { taxes: 'abc' },
      'taxes is in cents: a whole number of at least 0, such as 2219 for $22.19, not the text "abc"',
    ],
    [
      'discount fractional',
      { discount: 1.5 },
      'discount is in cents: a whole number, such as 2219 for $22.19, not 1.5',
    ],
    [
      'rewardDollars NaN',
      { rewardDollars: null },
      'rewardDollars is in cents: a whole number of at least 0, such as 2219 for $22.19, not null',
    ],
    [
      'ticketAlphaNumId with a dash',
      { ticketAlphaNumId: 'AB-12' },
      'ticketAlphaNumId must be 1 to 10 letters or digits',
    ],
    [
      'ticketAlphaNumId of 11 characters',
      { ticketAlphaNumId: 'ABCDEFGHJKL' },
      'ticketAlphaNumId must be 1 to 10 letters or digits',
    ],
    [
      'dispensaryShortName not kebab case',
      { dispensaryShortName: 'Demo_Store' },
      'dispensaryShortName must be lower-case letters and digits, joined by single dashes',
    ],
    [
      'dispensaryShortName of 11 characters',
      { dispensaryShortName: 'abcdefghijk' },
      'dispensaryShortName must have at most 10 characters',
    ],
    [
      'customer without lastName',
      { customer: { firstName: 'Ada', phone: '1', email: 'a@b.co' } },
      'customer.lastName is required',
    ],
    [
      'customer email malformed',
      { customer: { ...CUSTOMER, email: 'ada' } },
      'customer.email must look like name@example.com',
    ],
    ['channel unknown', { channel: 'kiosk' }, 'channel must be one of "ffd", "ecommerce", "virtual_terminal", "pos"'],
    ['entityId not a UUID', { entityId: 'green-valley' }, 'entityId must be an id as a UUID'],
    ['ticketId not a UUID', { ticketId: '42' }, 'ticketId must be an id as a UUID'],
    ['locationId not a UUID', { locationId: 'front' }, 'locationId must be an id as a UUID'],
    ['an unknown field', { colour: 'green' }, 'colour is not an allowed field'],
    [
      'ticketAlphaNumId missing in pos',
      { channel: 'pos' },
      'ticketAlphaNumId is required in the pos channel (the order number)',
    ],
    [
      'processorName unknown',
      { processorName: 'stripe' },
      'processorName does not name a processor of this entity (sandbox, paynet)',
    ],
  ])('%s', async (_case, change, detail) => {
    const before = await written();
    const response = await openSession(service, token, { ...SESSION, ...change } as never);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().resultReason).toBe('INVALID_INPUT');
    expect(response.json().resultDetail).toContain(detail);
    expect(await written()).toEqual(before);
  });
});

describe('a bad pay request is 400 naming the field and the rule, and writes nothing', () => {
  const card = (change: object) => ({ paymentMethod: 'Credit', card: { ...GOOD_CARD, ...change } });
  it.each([
    [
      'paymentMethod unknown',
      { paymentMethod: 'Bitcoin' },
      'paymentMethod must be one of "Credit", "Debit", "ATM", "ACH", "Cash"',
    ],
    ['paymentMethod missing', { card: GOOD_CARD }, 'paymentMethod is required'],
    [
      'amount zero',
      { ...card({}), amount: 0 },
      'amount is in cents: a whole number of at least 1, such as 2219 for $22.19, not 0',
    ],
    [
      'amount fractional',
      { ...card({}), amount: 2.5 },
      'amount is in cents: a whole number of at least 1, such as 2219 for $22.19, not 2.5',
    ],
    [
      'amount above what is due',
      { ...card({}), amount: 1001 },
      'amount must be at most 1000 cents (what is left to pay in this session)',
    ],
    [
      'card number with letters',
      card({ number: '4242 4242 4242 ABCD' }),
      'card.number must be the card’s digits (12 to 23 digits and spaces)',
    ],
    [
      'card number failing Luhn',
      card({ number: '4242 4242 4242 4241' }),
      'card.number is not a valid card number (its check digit is wrong)',
    ],
    [
      'card expiry month 13',
      card({ expiry: '13/30' }),
      'card.expiry must be the month and year as MM/YY, such as 04/29',
    ],
    ['card expired', card({ expiry: '01/20' }), 'card.expiry must not be in the past (the card has expired)'],
    ['card CVC too short', card({ cvc: '12' }), 'card.cvc must be 3 or 4 digits'],
    ['card CVC of 4 digits for Visa', card({ cvc: '1234' }), 'card.cvc must be 3 digits for a Visa card'],
    ['card postal code too short', card({ postalCode: '9' }), 'card.postalCode must have at least 3 characters'],
    ['card with an unknown field', card({ name: 'ADA' }), 'card.name is not an allowed field'],
    [
      'card missing for a keyed payment',
      { paymentMethod: 'Credit' },
      'card is required for Credit in the ecommerce channel',
    ],
    [
      'a method the channel does not take',
      { paymentMethod: 'Debit' },
      'paymentMethod must be a method this session offers: Debit is not offered in the ecommerce channel here',
    ],
    [
      'tenderedAmount on a card payment',
      { ...card({}), tenderedAmount: 2000 },
      'tenderedAmount is only for Cash payments',
    ],
    [
      'card on an ACH payment',
      { paymentMethod: 'ACH', card: GOOD_CARD },
      'card is only for keyed card payments, not for paylink ACH',
    ],
  ])('%s', async (_case, body, detail) => {
    const before = await written();
    const response = await pay(service, token, sessionId, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'INVALID_INPUT' });
    expect(response.json().resultDetail).toContain(detail);
    expect(response.body).not.toContain('4242 4242 4242 4241');
    expect(await written()).toEqual(before);
  });

  it('requires an Idempotency-Key and a JSON body', async () => {
    const before = await written();
    const noKey = await service.request({
      method: 'POST',
      url: `/v2.0/payments/sessions/${sessionId}/payments`,
      headers: { authorization: `Bearer ${token}` },
      payload: { paymentMethod: 'Credit', card: GOOD_CARD },
    });
    expect([noKey.statusCode, noKey.json().resultDetail]).toEqual([400, 'idempotency-key header is required']);
    const text = await service.request({
      method: 'POST',
      url: `/v2.0/payments/sessions/${sessionId}/payments`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'k', 'content-type': 'text/plain' },
      payload: 'pay me',
    });
    expect(text.statusCode).toBe(415);
    const unknown = await pay(service, token, '00000000-0000-4000-8000-000000000000', {
      paymentMethod: 'Cash',
      tenderedAmount: 5,
    });
    expect(unknown.statusCode).toBe(404);
    // A path parameter is named as a part of the address, not by the framework's word for it.
    const notAnId = await pay(service, token, 'not-a-session', { paymentMethod: 'Cash', tenderedAmount: 5 });
    expect([notAnId.statusCode, notAnId.json().resultDetail]).toEqual([
      400,
      'id in the address must be an id as a UUID, such as "3f2c8a9e-6b1d-4c2e-9a7f-1d2e3f4a5b6c"',
    ]);
    expect(await written()).toEqual(before);
  });
});

describe('bad bank details on the paylink page are 400 and leave the paylink open', () => {
  const BANK = { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' };
  it.each([
    ['routing number of 8 digits', { routingNumber: '02100002' }, 'routingNumber must be 9 digits'],
    [
      'routing number failing the ABA checksum',
      { routingNumber: '021000022' },
      'routingNumber is not a valid ABA routing number (its checksum is wrong)',
    ],
    ['account number with letters', { accountNumber: '12AB56' }, 'accountNumber must be 4 to 17 digits'],
    ['account holder of one letter', { accountHolder: 'A' }, 'accountHolder must have at least 2 characters'],
    ['account type unknown', { accountType: 'brokerage' }, 'accountType must'],
  ])('%s', async (_case, change, detail) => {
    const response = await service.request({
      method: 'POST',
      url: `/v2.0/paylinks/${paylinkToken}/authorize`,
      payload: { ...BANK, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().resultDetail).toContain(detail);
    const info = await service.request({ method: 'GET', url: `/v2.0/paylinks/${paylinkToken}` });
    expect(info.json().status).toBe('open');
  });
});
