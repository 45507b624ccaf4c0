import type { WidgetPaymentEvent } from '../protocol';
import type { Channel } from '../types/servicepay';
import {
  cents,
  checkFields,
  fail,
  Invalid,
  isFunction,
  isObject,
  matches,
  METHODS,
  nullOr,
  oneOf,
  text,
  uuid,
  type Rule,
} from './checks';

/** The callback of a payment event, as the loader calls it. */
export type Handler = (response: unknown) => unknown;

/** A checked payment event: what goes to the widget, or the broken rule for PAYMENT_ERROR. */
export type PaymentCheck = { event: WidgetPaymentEvent; handle: Handler } | { error: string; handle?: Handler };

const VALID_CENTS = 'a valid number of cents (a whole number, not NaN';

/** Spec 2.5 and 7.3 (plus referenceNumber, entityName and paymentMethod of the spec's example). */
const RULES: Record<string, Rule> = {
  originalAmount: cents(1, 'a whole number of cents above zero'),
  tip: cents(0, `${VALID_CENTS}, zero or more)`),
  taxes: cents(0, `${VALID_CENTS}, zero or more)`),
  discount: cents(undefined, `${VALID_CENTS})`),
  rewardDollars: cents(0, `${VALID_CENTS}, zero or more)`),
  ticketAlphaNumId: matches(/^[A-Za-z0-9]{1,10}$/, 'letters and digits only, at most 10 characters'),
  ticketId: uuid,
  transactingAssociateId: uuid,
  employeeReferenceId: text(64),
  locationId: nullOr(uuid),
  processorName: nullOr(text(40)),
  referenceNumber: text(64),
  entityName: text(100),
  paymentMethod: oneOf(METHODS),
  customer: [isObject, 'an object'],
};

/** Spec 2.6: all four fields are required when a customer is given. */
const CUSTOMER_RULES: Record<string, Rule> = {
  id: text(64),
  firstName: text(100),
  lastName: text(100),
  phone: text(40),
  email: matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address'),
};

function check(event: Record<string, unknown>, channel: Channel): WidgetPaymentEvent {
  checkFields(event, RULES, ['originalAmount']);
  // Spec 2.5: the order number is required for POS users (the pos and ffd channels).
  if (event.ticketAlphaNumId === undefined && (channel === 'pos' || channel === 'ffd'))
    fail(`ticketAlphaNumId is required in the ${channel} channel: the order number`);
  if (event.customer)
    checkFields(
      event.customer as Record<string, unknown>,
      CUSTOMER_RULES,
      Object.keys(CUSTOMER_RULES).slice(1),
      'customer.',
    );
  // Only the fields of spec 2.5 travel: the callback and anything unknown stay in the page.
  const copy: Record<string, unknown> = {};
  for (const name in RULES) if (event[name] !== undefined) copy[name] = event[name];
  if (event.customer) {
    const customer = event.customer as Record<string, unknown>;
    copy.customer = {};
    for (const name in CUSTOMER_RULES)
      if (customer[name] !== undefined) (copy.customer as Record<string, unknown>)[name] = customer[name];
  }
  return copy as unknown as WidgetPaymentEvent;
}

/** Validates a payment event (spec 2.5, 7.3) in the page, before anything is sent. */
export function validatePayment(event: unknown, channel: Channel): PaymentCheck {
  if (!isObject(event)) return { error: 'the payment event must be an object' };
  const handle = event.handlePaymentResponse;
  if (!isFunction(handle)) return { error: 'handlePaymentResponse is required: a function' };
  try {
    return { event: check(event, channel), handle };
  } catch (error) {
    if (error instanceof Invalid) return { error: error.message, handle };
    throw error;
  }
}
