import { toCsv, textField } from '../../../shared/csv.js';
import { formatDecimal } from '../../../shared/money.js';
import {
  STATE_CUSTOMER_WORDS,
  STATE_KIND_WORDS,
  STATE_STATUS_WORDS,
  type StateAdjustmentView,
  type StatePackageRecordView,
  type StateRecordView,
} from '../../../shared/contracts/state-reporting.js';
import { zoneName } from '../../../shared/store-time.js';
import { storeDateTime } from './receipt-lines.js';

const wallClock = (at: string, timeZone: string) => storeDateTime(at, timeZone).replace('T', ' ');

/**
 * A day's records as CSV: one row per package line of a sale, void or refund, then one per package
 * adjustment (its reason and note in the Record column, its signed quantity), then one per delivery
 * received or package moved (what it tells, its manifest or tag); times on the store's
 * clock (its zone named).
 */
export function recordsCsv(
  records: readonly StateRecordView[],
  timeZone: string,
  adjustments: readonly StateAdjustmentView[] = [],
  packageRecords: readonly StatePackageRecordView[] = [],
): string {
  const zone = zoneName(timeZone, records[0]?.createdAt ?? new Date());
  const header = [
    `Recorded (${zone})`,
    'Record',
    'Order',
    `Sale date and time (${zone})`,
    'Customer type',
    'Patient number',
    'Package tag',
    'Quantity',
    'Unit',
    'Amount',
    'Refunded',
    'Status',
    'Tries',
    'State answer',
    'State receipt id',
  ];
  const rows = records.flatMap((record) =>
    record.lines.map((line) => [
      wallClock(record.createdAt, timeZone),
      STATE_KIND_WORDS[record.kind],
      record.orderNumber,
      record.salesDateTime.replace('T', ' '),
      STATE_CUSTOMER_WORDS[record.customerType],
      record.patientLicenseNumber ?? '',
      textField(line.packageLabel),
      line.quantity,
      line.unitOfMeasure,
      formatDecimal(line.totalCents),
      formatDecimal(record.refundCents),
      STATE_STATUS_WORDS[record.status],
      record.attempts,
      textField(record.lastResult ?? ''),
      record.stateReceiptId ?? '',
    ]),
  );
  const adjusted = adjustments.map((adjustment) => [
    wallClock(adjustment.createdAt, timeZone),
    textField(`Adjustment: ${adjustment.reason}${adjustment.reasonNote ? ` (${adjustment.reasonNote})` : ''}`),
    '',
    adjustment.adjustmentDate,
    '',
    '',
    textField(adjustment.packageLabel),
    adjustment.quantity,
    adjustment.unitOfMeasure,
    '',
    '',
    STATE_STATUS_WORDS[adjustment.status],
    adjustment.attempts,
    textField(adjustment.lastResult ?? ''),
    '',
  ]);
  // Deliveries and moves: what they tell in the Record column, the manifest or tag in the package's.
  const packages = packageRecords.map((record) => [
    wallClock(record.createdAt, timeZone),
    textField(record.summary),
    '',
    record.recordDate,
    '',
    '',
    textField(record.subject),
    '',
    '',
    '',
    '',
    STATE_STATUS_WORDS[record.status],
    record.attempts,
    textField(record.lastResult ?? ''),
    '',
  ]);
  return toCsv([header, ...rows, ...adjusted, ...packages]);
}
