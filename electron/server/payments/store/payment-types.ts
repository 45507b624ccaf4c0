import type {
  Channel,
  Customer,
  EntryMode,
  PaymentMethod,
  PaymentStatus,
  PendingStage,
  SessionStatus,
} from '../../../../shared/contracts/payment.js';

/** The parts of a payment event a session keeps besides its amounts (stored as JSON). */
export interface SessionDetails {
  entityName: string;
  dispensaryShortName: string | null;
  ticketAlphaNumId: string | null;
  ticketId: string | null;
  locationId: string | null;
  processorName: string | null;
  employeeReferenceId: string;
  transactingAssociateId: string | null;
  /** Who opened it: the staff user id or partner certId (the record's associateId). */
  associateId: string;
  customer: Customer | null;
  taxes: number | null;
  discount: number | null;
  rewardDollars: number | null;
  referenceNumber: string | null;
  /** The option the customer picked last (`Credit`, `Rounded Debit`, `Others`…), if any. */
  selectedOption: string | null;
}

/** A payment session as stored. */
export interface SessionRecord {
  id: string;
  organizationId: string;
  dispensaryId: string | null;
  orderId: string | null;
  channel: Channel;
  status: SessionStatus;
  /** `staff:<id>` or `partner:<certId>`: whose resend reuses it. */
  principal: string;
  reuseKey: string;
  originalAmount: number;
  tip: number;
  details: SessionDetails;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

/** The result part of a payment, written when the processor, PIN pad or customer answered. */
export interface PaymentOutcome {
  status: PaymentStatus;
  stage: PendingStage | null;
  lastAction: string;
  responseCode: string;
  responseMessage: string;
  responseDetail: string;
  chargeId: string | null;
  captured: boolean;
  cardBrand: string | null;
  cardLast4: string | null;
  updatedAt: string;
  completedAt: string | null;
}

/** A payment attempt and its result, as stored (amounts in cents). */
export interface StoredPayment extends PaymentOutcome {
  id: string;
  /** The register it was taken at, when it was taken at one. */
  terminalId: string | null;
  /** The drawer shift open at that register when it was taken (see cash/drawer-gate.ts). */
  shiftId: string | null;
  /** It paid what was left of its order (with no order: of its session): it completed a sale. */
  closesSale: boolean;
  sessionId: string;
  organizationId: string;
  dispensaryId: string | null;
  orderId: string | null;
  ticketAlphaNumId: string | null;
  processorId: string | null;
  processorName: string;
  deviceId: string | null;
  method: PaymentMethod;
  entry: EntryMode;
  providerTransType: 'sale' | 'authorization' | 'cash';
  providerPaymentType: string | null;
  paymentDirection: string | null;
  amount: number;
  tip: number;
  tax: number | null;
  fee: number;
  cashback: number;
  charged: number;
  tendered: number | null;
  change: number;
  refunded: number;
  invoiceId: string | null;
  referenceNumber: string;
  customer: Customer | null;
  employeeRef: string;
  associateId: string;
  transactingAssociateId: string | null;
  /** Who started it (`staff:<id>`), for the order's status history. */
  actor: string;
  createdAt: string;
}
