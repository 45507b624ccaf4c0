import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { Cents, Count, HttpStatus, Quantity, SignedQuantity } from '../numbers.js';

/**
 * Seed-to-sale reporting (issue 14, README "Seed-to-sale reporting"): a store's state tracking
 * system (Metrc's sales receipts) and the records of its sales, voids and refunds sent there.
 */

/** What a record tells the state: a sale, the void of a sale, or a refund that lowers a sale's amounts. */
export const STATE_RECORD_KINDS = ['sale', 'void', 'refund'] as const;
export type StateRecordKind = (typeof STATE_RECORD_KINDS)[number];

/** Where a record stands: waiting to be sent (or retried), answered 200 by the state, or given up. */
export const STATE_RECORD_STATUSES = ['pending', 'sent', 'failed'] as const;
export type StateRecordStatus = (typeof STATE_RECORD_STATUSES)[number];

/** The customer types the state distinguishes. */
export type StateCustomerType = 'adult_use' | 'medical';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A store's state reporting as a manager sees it: keys only by their last 4 characters. */
export const StateReportingViewSchema = Type.Object({
  /** False until a base URL, licence number and both keys are set. */
  configured: Type.Boolean(),
  /** The job sends this store's records (only when configured). */
  enabled: Type.Boolean(),
  baseUrl: Nullable(Type.String()),
  licenseNumber: Nullable(Type.String()),
  vendorKeyLast4: Nullable(Type.String()),
  userKeyLast4: Nullable(Type.String()),
  /** Whether this store writes records: a compliance profile is set, or state reporting is. */
  recording: Type.Boolean(),
  updatedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type StateReportingView = Static<typeof StateReportingViewSchema>;

/** `PUT …/setup/state-reporting`: what is given changes, the rest stays. */
export const StateReportingInputSchema = Type.Object(
  {
    baseUrl: Type.Optional(Type.String({ maxLength: 300, description: 'https://… (http:// only to this computer)' })),
    licenseNumber: Type.Optional(Type.String({ maxLength: 60 })),
    vendorKey: Type.Optional(Type.String({ maxLength: 300, description: 'Never shown again in full' })),
    userKey: Type.Optional(Type.String({ maxLength: 300, description: 'Never shown again in full' })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StateReportingInput = Static<typeof StateReportingInputSchema>;

/** One package line of a record, as the state receives it. */
export const StateRecordLineSchema = Type.Object({
  packageLabel: Type.String(),
  /** In the unit of measure: units ("Each") or a weight. */
  quantity: Quantity(),
  /** Metrc's unit name: Each, Grams, Milligrams, Ounces, Pounds. */
  unitOfMeasure: Type.String(),
  totalCents: Cents(),
});
export type StateRecordLine = Static<typeof StateRecordLineSchema>;

/** One record of the outbox. */
export const StateRecordViewSchema = Type.Object({
  id: Type.String(),
  kind: Type.Enum(STATE_RECORD_KINDS),
  orderId: Type.String(),
  orderNumber: Type.String(),
  /** The sale's date and time on the store's clock (`YYYY-MM-DDTHH:mm:ss`). */
  salesDateTime: Type.String(),
  customerType: Type.Union([Type.Literal('adult_use'), Type.Literal('medical')]),
  patientLicenseNumber: Nullable(Type.String()),
  lines: Type.Array(StateRecordLineSchema),
  totalCents: Cents(),
  refundCents: Cents(),
  status: Type.Enum(STATE_RECORD_STATUSES),
  attempts: Count(),
  lastStatusCode: Type.Union([HttpStatus(), Type.Null()]),
  /** What the last try got, in words: the reason of a failed record. */
  lastResult: Nullable(Type.String()),
  nextAttemptAt: Nullable(Type.String()),
  stateReceiptId: Nullable(Type.String()),
  sentAt: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type StateRecordView = Static<typeof StateRecordViewSchema>;

export const StateReportingResponseSchema = Type.Object({ ...SuccessFields, stateReporting: StateReportingViewSchema });

/** How a stock record's tries stand (adjustments, deliveries, moves): as every outbox keeps them. */
const STOCK_RECORD_TRIES = {
  status: Type.Enum(STATE_RECORD_STATUSES),
  attempts: Count(),
  lastStatusCode: Type.Union([HttpStatus(), Type.Null()]),
  lastResult: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
};

/**
 * One package adjustment as the state system is told of it (Metrc's `packages/adjust`): the
 * outbox record written with the adjustment (README "Inventory adjustments").
 */
export const StateAdjustmentViewSchema = Type.Object({
  id: Type.String(),
  adjustmentId: Type.String(),
  packageLabel: Type.String(),
  /** Signed, in unitOfMeasure. */
  quantity: SignedQuantity(),
  unitOfMeasure: Type.String(),
  /** The state's name of the reason ("Waste"). */
  reason: Type.String(),
  reasonNote: Type.String(),
  /** The store's date (YYYY-MM-DD). */
  adjustmentDate: Type.String(),
  ...STOCK_RECORD_TRIES,
});
export type StateAdjustmentView = Static<typeof StateAdjustmentViewSchema>;

export const STATE_PACKAGE_RECORD_KINDS = ['received', 'moved'] as const;
export type StatePackageRecordKind = (typeof STATE_PACKAGE_RECORD_KINDS)[number];

/**
 * A delivery received (each package accepted with what arrived, or refused with the reason) or a
 * package moved to another room (Metrc's `packages/v2/location`), as the state system is told of it
 * (README "Seed-to-sale reporting").
 */
export const StatePackageRecordViewSchema = Type.Object({
  id: Type.String(),
  kind: Type.Enum(STATE_PACKAGE_RECORD_KINDS),
  /** The manifest number, or the package's tag. */
  subject: Type.String(),
  /** What the record tells, in words: "Delivery 0000123456 received: 3 packages accepted, 1 refused". */
  summary: Type.String(),
  /** The store's date (YYYY-MM-DD). */
  recordDate: Type.String(),
  ...STOCK_RECORD_TRIES,
});
export type StatePackageRecordView = Static<typeof StatePackageRecordViewSchema>;

/** The records of one store day, oldest first: sales receipts, package adjustments, deliveries and moves. */
export const StateRecordsResponseSchema = Type.Object({
  ...SuccessFields,
  day: Type.String(),
  timeZone: Type.String(),
  records: Type.Array(StateRecordViewSchema),
  adjustments: Type.Array(StateAdjustmentViewSchema),
  packageRecords: Type.Array(StatePackageRecordViewSchema),
});
export type StateRecordsDay = Static<typeof StateRecordsResponseSchema>;

export const StateRecordResponseSchema = Type.Object({ ...SuccessFields, record: StateRecordViewSchema });

export const StateAdjustmentResponseSchema = Type.Object({ ...SuccessFields, adjustment: StateAdjustmentViewSchema });

export const StatePackageRecordResponseSchema = Type.Object({
  ...SuccessFields,
  packageRecord: StatePackageRecordViewSchema,
});

/** `?day=YYYY-MM-DD` (the store's day; today when left out). */
export const StateRecordsQuerySchema = Type.Object(
  { day: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, the store day' })) },
  { additionalProperties: false },
);

/** How people read a record's kind and status. */
export const STATE_KIND_WORDS: Record<StateRecordKind, string> = { sale: 'Sale', void: 'Void', refund: 'Refund' };
export const STATE_STATUS_WORDS: Record<StateRecordStatus, string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  failed: 'Failed',
};
export const STATE_CUSTOMER_WORDS: Record<StateCustomerType, string> = { adult_use: 'Adult use', medical: 'Medical' };
