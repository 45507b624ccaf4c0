import type { PaymentRecord } from '../../../../shared/contracts/payment.js';
import type { StoredPayment } from './payment-types.js';

/** A stored payment as the contract shows it: spec 2.8 `data` plus our fields. */
export function toPaymentRecord(payment: StoredPayment, entityId: string = payment.organizationId): PaymentRecord {
  return {
    id: payment.id,
    invoiceId: payment.invoiceId,
    chargeId: payment.chargeId,
    originalAmount: payment.amount,
    taxAmount: payment.tax,
    tipAmount: payment.tip,
    feeAmount: payment.fee,
    providerPaymentType: payment.providerPaymentType,
    paymentDirection: payment.paymentDirection,
    providerTransType: payment.providerTransType,
    entityId,
    customer: payment.customer,
    processorResponseCode: payment.responseCode,
    processorResponseMessage: payment.responseMessage,
    processorResponseDetailMessage: payment.responseDetail,
    // Every payment since migration 4 has one; '' only for a payment canceled before any device,
    // recorded earlier at a location that had no configuration at all.
    paymentDeviceConfigurationId: payment.deviceId ?? '',
    employeeReferenceId: payment.employeeRef,
    associateId: payment.associateId,
    transactingAssociateId: payment.transactingAssociateId,
    status: payment.status,
    referenceNumber: payment.referenceNumber,
    processorId: payment.processorId,
    processorName: payment.processorName,
    method: payment.method,
    updatedAt: payment.updatedAt,
    cashbackAmount: payment.cashback,
    ticketId: payment.orderId,
    ticketAlphaNumId: payment.ticketAlphaNumId,
    sessionId: payment.sessionId,
    lastActionTaken: payment.lastAction,
    chargedAmount: payment.charged,
    tenderedAmount: payment.tendered,
    changeDue: payment.change,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    captured: payment.captured,
  };
}
