/** A payments row: its columns as StoredPayment names them, and the payment it reads as. */
import type { Customer } from '../../../../shared/contracts/payment.js';
import type { Builder } from '../../db/query.js';
import type { StoredPayment } from './payment-types.js';

/** The payment columns, named as StoredPayment names them. */
export const PAYMENT_COLUMNS = [
  'id',
  'session_id as sessionId',
  'organization_id as organizationId',
  'dispensary_id as dispensaryId',
  'order_id as orderId',
  'ticket_alpha_num_id as ticketAlphaNumId',
  'processor_id as processorId',
  'processor_name as processorName',
  'device_id as deviceId',
  'method',
  'entry',
  'status',
  'stage',
  'provider_trans_type as providerTransType',
  'provider_payment_type as providerPaymentType',
  'payment_direction as paymentDirection',
  'last_action as lastAction',
  'amount_cents as amount',
  'tip_cents as tip',
  'tax_cents as tax',
  'fee_cents as fee',
  'cashback_cents as cashback',
  'charged_cents as charged',
  'tendered_cents as tendered',
  'change_cents as change',
  'refunded_cents as refunded',
  'captured',
  'charge_id as chargeId',
  'invoice_id as invoiceId',
  'response_code as responseCode',
  'response_message as responseMessage',
  'response_detail as responseDetail',
  'reference_number as referenceNumber',
  'card_brand as cardBrand',
  'card_last4 as cardLast4',
  'customer_json as customer',
  'employee_ref as employeeRef',
  'associate_id as associateId',
  'transacting_associate_id as transactingAssociateId',
  'actor',
  'created_at as createdAt',
  'updated_at as updatedAt',
  'completed_at as completedAt',
  'terminal_id as terminalId',
  'shift_id as shiftId',
  'closes_sale as closesSale',
] as const;

/** Every column of payments, selected as StoredPayment names them. */
export const selectPayments = (k: Builder) => k.selectFrom('payments').select(PAYMENT_COLUMNS);

/** A payments row as the engines return it. */
export type PaymentRow = Awaited<ReturnType<ReturnType<typeof selectPayments>['executeTakeFirstOrThrow']>>;

export const toStoredPayment = (row: PaymentRow): StoredPayment =>
  ({
    ...row,
    captured: row.captured === 1,
    closesSale: row.closesSale === 1,
    customer: row.customer === null ? null : (JSON.parse(row.customer) as Customer),
  }) as StoredPayment;
