/** The payment and catalog helpers the audit tests drive actions with. */
export { createTicket, pay, session, type PaymentHarness } from '../../payments/support/payment-fixtures.js';
export { products } from '../../support/catalog-fixtures.js';
