// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { validateInit } from '../../../../renderer/sdk/loader/validate-init';
import { validatePayment } from '../../../../renderer/sdk/loader/validate-payment';

const UUID = '3f2c9a4e-8b1d-4c7a-9e5f-1a2b3c4d5e6f';
const base = () => ({
  element: document.createElement('div'),
  authTokenFactory: async () => 't',
  getEntityId: async () => UUID,
});
const handlePaymentResponse = async () => undefined;

describe('init options (spec 4.3)', () => {
  it.each([
    [{ element: undefined }, 'element is required: an HTML element'],
    [{ element: 'checkout' }, 'element must be an HTML element (got "checkout")'],
    [
      { authTokenFactory: undefined },
      'authTokenFactory is required: a function returning a promise of the bearer token',
    ],
    [{ getEntityId: undefined }, 'getEntityId is required: a function returning a promise of the MSO entity id'],
    [{ channel: 'web' }, 'channel must be one of ffd, ecommerce, virtual_terminal, pos (got "web")'],
    [{ debug: 'yes' }, 'debug must be true or false (got "yes")'],
    [{ theme: { positionFixed: 1 } }, 'theme.positionFixed must be true or false (got 1)'],
    [{ theme: { colors: '#000' } }, 'theme.colors must be an object (got "#000")'],
    [
      { theme: { colors: { accent: 'red; background: url(x)' } } },
      'theme.colors.accent must be a hex colour such as #1d4ed8 (got "red; background: url(x)")',
    ],
    [
      { dispensaryShortName: 'Green_Valley' },
      'dispensaryShortName must be kebab case, at most 10 characters (got "Green_Valley")',
    ],
    [
      { dispensaryShortName: 'green-valley' },
      'dispensaryShortName must be kebab case, at most 10 characters (got "green-valley")',
    ],
    [{ entityName: 5 }, 'entityName must be a string of at most 100 characters (got 5)'],
    [{ autoRenderPayments: 'no' }, 'autoRenderPayments must be true or false (got "no")'],
    [{ disablePaymentMethods: { paymentMethod: 'ACH' } }, 'disablePaymentMethods must be an array (got an object)'],
    [
      { disablePaymentMethods: [{ paymentMethod: 'Check', action: 'hidden' }] },
      'disablePaymentMethods[0].paymentMethod must be one of ACH, Credit, Cash, ATM, Debit (got "Check")',
    ],
    [
      { disablePaymentMethods: [{ paymentMethod: 'ACH', action: 'remove' }] },
      'disablePaymentMethods[0].action must be one of hidden, message (got "remove")',
    ],
    [{ paylinkDeliveryMethod: 'popup' }, 'paylinkDeliveryMethod must be one of redirect, iframe (got "popup")'],
    [{ onReady: true }, 'onReady must be a function (got true)'],
    [{ onInitFailed: 'say it' }, 'onInitFailed must be a function (got "say it")'],
    [{ locationId: 'front' }, 'locationId must be a UUID or null (got "front")'],
  ])('%o is refused', (override, message) => {
    expect(validateInit({ ...base(), ...override })).toEqual({ error: message });
  });

  it('names every option that breaks its rule, with what it allows, at once', () => {
    const options = {
      ...base(),
      dispensaryShortName: 'averylongname',
      channel: 'web',
      disablePaymentMethods: ['Bitcoin'],
    };
    expect(validateInit(options)).toEqual({
      error: [
        'channel must be one of ffd, ecommerce, virtual_terminal, pos (got "web")',
        'dispensaryShortName must be kebab case, at most 10 characters (got "averylongname")',
        'disablePaymentMethods[0] must be an object: paymentMethod (one of ACH, Credit, Cash, ATM, Debit) and action (one of hidden, message) (got "Bitcoin")',
      ].join('; '),
    });
  });

  it('fills the defaults of the spec and warns of unknown options', () => {
    const result = validateInit({ ...base(), autoRenderPayment: false });
    if ('error' in result) throw new Error(result.error);
    expect(result.warnings).toEqual(['unknown init option "autoRenderPayment" ignored']);
    expect(result.config.autoRender).toBe(true);
    expect(result.config.widget).toMatchObject({
      channel: 'ffd',
      debug: false,
      paylinkDeliveryMethod: 'redirect',
      positionFixed: false,
    });
  });

  it('accepts entityId in place of getEntityId (the spec example)', async () => {
    const result = validateInit({ ...base(), getEntityId: undefined, entityId: UUID });
    if ('error' in result) throw new Error(result.error);
    expect(await result.config.getEntityId()).toBe(UUID);
  });
});

describe('payment event (spec 2.5, 7.3)', () => {
  it.each([
    [{ originalAmount: 0 }, 'originalAmount must be a whole number of cents above zero (got 0)'],
    [{ originalAmount: 12.5 }, 'originalAmount must be a whole number of cents above zero (got 12.5)'],
    [{ originalAmount: '1250' }, 'originalAmount must be a whole number of cents above zero (got "1250")'],
    [{ originalAmount: undefined }, 'originalAmount is required: a whole number of cents above zero'],
    [{ tip: Number.NaN }, 'tip must be a valid number of cents (a whole number, not NaN, zero or more) (got NaN)'],
    [
      { taxes: Number.POSITIVE_INFINITY },
      'taxes must be a valid number of cents (a whole number, not NaN, zero or more) (got Infinity)',
    ],
    [{ discount: Number.NaN }, 'discount must be a valid number of cents (a whole number, not NaN) (got NaN)'],
    [
      { rewardDollars: -1 },
      'rewardDollars must be a valid number of cents (a whole number, not NaN, zero or more) (got -1)',
    ],
    [
      { ticketAlphaNumId: 'ABCDEFGHIJK' },
      'ticketAlphaNumId must be letters and digits only, at most 10 characters (got "ABCDEFGHIJK")',
    ],
    [{ ticketId: 'order-1' }, 'ticketId must be a UUID (got "order-1")'],
    [
      { customer: { firstName: 'Ana', lastName: 'Diaz', phone: '555' } },
      'customer.email is required: an e-mail address',
    ],
    [
      { customer: { firstName: 'Ana', lastName: 'Diaz', phone: '555', email: 'ana' } },
      'customer.email must be an e-mail address (got "ana")',
    ],
    [{ paymentMethod: 'Check' }, 'paymentMethod must be one of ACH, Credit, Cash, ATM, Debit (got "Check")'],
  ])('%o is refused', (override, message) => {
    expect(validatePayment({ originalAmount: 1250, handlePaymentResponse, ...override }, 'ecommerce')).toMatchObject({
      error: message,
    });
  });

  it('requires the order number in the pos and ffd channels only', () => {
    const event = { originalAmount: 1250, handlePaymentResponse };
    expect(validatePayment(event, 'pos')).toMatchObject({
      error: expect.stringContaining('ticketAlphaNumId is required'),
    });
    expect(validatePayment(event, 'ffd')).toMatchObject({
      error: expect.stringContaining('ticketAlphaNumId is required'),
    });
    expect(validatePayment(event, 'virtual_terminal')).not.toHaveProperty('error');
  });

  it('cannot answer an event without handlePaymentResponse', () => {
    expect(validatePayment({ originalAmount: 1 }, 'ecommerce')).toEqual({
      error: 'handlePaymentResponse is required: a function',
    });
  });

  it('sends only the fields of the spec to the widget', () => {
    const customer = {
      id: 'c-1',
      firstName: 'Ana',
      lastName: 'Diaz',
      phone: '555-0100',
      email: 'ana@example.com',
      vip: true,
    };
    const result = validatePayment(
      { originalAmount: 1250, tip: 100, ticketAlphaNumId: 'ABC234', customer, handlePaymentResponse, cart: [1, 2] },
      'pos',
    );
    expect(result).toMatchObject({
      event: {
        originalAmount: 1250,
        tip: 100,
        ticketAlphaNumId: 'ABC234',
        customer: { id: 'c-1', firstName: 'Ana', lastName: 'Diaz', phone: '555-0100', email: 'ana@example.com' },
      },
    });
    expect(Object.keys((result as { event: object }).event)).toEqual([
      'originalAmount',
      'tip',
      'ticketAlphaNumId',
      'customer',
    ]);
  });
});
