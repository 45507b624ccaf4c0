import { randomInt } from 'node:crypto';
import type { AvailableMethod, EntryMode } from '../../../../shared/contracts/payment.js';
import type { Principal } from '../../core/principal.js';
import { principalKey } from './session-service.js';
import { PROMPTS } from '../pay/session-view.js';
import type { SessionRecord, StoredPayment } from '../store/payment-types.js';
import type { PaymentAmounts } from '../pay/amounts.js';

const PAYMENT_TYPES: Record<EntryMode, string> = {
  pinpad: 'card_present',
  keyed: 'card_not_present',
  paylink: 'ach',
  cash: 'cash',
};

const INVOICE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 12-digit retrieval reference number, as card processors print on receipts. */
export function newReferenceNumber(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0') + String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** An invoice number for an ACH paylink sent from the virtual terminal. */
export function newInvoiceId(): string {
  let id = 'INV-';
  for (let i = 0; i < 8; i += 1) id += INVOICE_ALPHABET[randomInt(0, INVOICE_ALPHABET.length)];
  return id;
}

/** What a new payment is made from. */
export interface PaymentDraft {
  id: string;
  session: SessionRecord;
  method: AvailableMethod;
  /** The device configuration the payment runs through (spec 2.8 `paymentDeviceConfigurationId`). */
  deviceId: string | null;
  amounts: PaymentAmounts;
  /** True when this payment completes the session's share of the order (it carries the taxes). */
  closing: boolean;
  /** True when it pays what is left of the order (with no order: when `closing`). */
  closesSale: boolean;
  card: { brand: string; last4: string } | null;
  principal: Principal;
  /** The drawer shift open at the principal's register (cash/drawer-gate.ts). */
  shiftId: string | null;
  at: string;
}

/** The pending payment row written before anyone (processor, PIN pad, customer) is asked. */
export function newPendingPayment(draft: PaymentDraft): StoredPayment {
  const { session, method, amounts, card, principal, at } = draft;
  const cash = method.entry === 'cash';
  const ach = method.paymentMethod === 'ACH';
  const stage =
    method.entry === 'pinpad' ? 'awaiting_device' : method.entry === 'paylink' ? 'awaiting_customer' : 'processing';
  return {
    id: draft.id,
    sessionId: session.id,
    organizationId: session.organizationId,
    dispensaryId: session.dispensaryId,
    orderId: session.orderId,
    ticketAlphaNumId: session.details.ticketAlphaNumId,
    processorId: cash ? null : method.processorId,
    processorName: cash ? 'cash' : (method.processorName ?? ''),
    deviceId: draft.deviceId,
    method: method.paymentMethod,
    entry: method.entry,
    status: 'pending',
    stage,
    providerTransType: cash ? 'cash' : ach ? 'authorization' : 'sale',
    providerPaymentType: PAYMENT_TYPES[method.entry],
    paymentDirection: 'inbound',
    lastAction: ach ? 'authorize' : 'sale',
    amount: amounts.amount,
    tip: amounts.tip,
    tax: draft.closing ? session.details.taxes : null,
    fee: 0,
    cashback: amounts.cashback,
    charged: amounts.charged,
    tendered: amounts.tendered,
    change: amounts.change,
    refunded: 0,
    captured: false,
    chargeId: null,
    invoiceId: ach && session.channel === 'virtual_terminal' ? newInvoiceId() : null,
    responseCode: '',
    responseMessage: 'pending',
    responseDetail: PROMPTS[stage],
    referenceNumber: session.details.referenceNumber ?? newReferenceNumber(),
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    customer: session.details.customer,
    employeeRef: session.details.employeeReferenceId || (principal.employeeRef ?? ''),
    associateId: principal.subjectId,
    transactingAssociateId: session.details.transactingAssociateId,
    actor: principalKey(principal),
    terminalId: principal.terminalId,
    shiftId: draft.shiftId,
    closesSale: draft.closesSale,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
  };
}
