import type {
  StateAdjustmentView,
  StatePackageRecordView,
  StateRecordLine,
  StateRecordView,
} from '../../../shared/contracts/state-reporting';
import { formatMoney } from '../../../shared/money';
import { answerInWords } from '../../../shared/network-failures';
import { storeTime } from '../../../shared/store-time';

/** "2 × …D12000000123" or "3.5 g of …D12000000456": one package line as a manager reads it. */
export function packageLine(line: StateRecordLine): string {
  const tag = `…${line.packageLabel.slice(-12)}`;
  if (line.unitOfMeasure === 'Each') return `${line.quantity} × ${tag}`;
  return `${line.quantity} ${unitShort(line.unitOfMeasure)} of ${tag}`;
}

const unitShort = (unitOfMeasure: string) =>
  ({ Grams: 'g', Milligrams: 'mg', Ounces: 'oz', Pounds: 'lb', Milliliters: 'ml' })[unitOfMeasure] ?? unitOfMeasure;

/** "+2", "−1.5 g": an adjustment's signed quantity. */
const signed = (quantity: number, unitOfMeasure: string) =>
  `${quantity > 0 ? '+' : '−'}${Math.abs(quantity)}${unitOfMeasure === 'Each' ? '' : ` ${unitShort(unitOfMeasure)}`}`;

/** What the record tells the state, in words: the sale's amount, the void, the refund. */
export function recordAmount(record: StateRecordView): string {
  if (record.kind === 'void') return 'Voids the sale';
  if (record.kind === 'refund') return `${formatMoney(record.refundCents)} back, now ${formatMoney(record.totalCents)}`;
  return formatMoney(record.totalCents);
}

/** How a record's tries stand: what every outbox keeps of them. */
type Tries = Pick<StateRecordView, 'status' | 'attempts' | 'lastResult' | 'lastStatusCode' | 'nextAttemptAt'>;

/** What the state said to the last try, in words (its own message kept). */
function lastAnswer(record: Tries): string {
  // A failure to connect in words; what Node said is the record's (the API's), not the screen's.
  const said = answerInWords(record.lastResult ?? '').replace(/^HTTP \d{3}(: )?/, '');
  const code = record.lastStatusCode;
  const words =
    code === null
      ? ''
      : code === 401 || code === 403
        ? 'The state refused the keys or the licence number'
        : code < 500
          ? 'The state refused the record'
          : 'The state system failed';
  // No status: the service's own words ("timed out after 10 s", "connection refused …"), as a sentence.
  if (!words) return said.charAt(0).toUpperCase() + said.slice(1);
  return said ? `${words}: ${said}` : words;
}

/** Where the record stands, in words: accepted, waiting (and why, and until when), or not accepted. */
export function recordStanding(record: Tries, sending: boolean, timeZone: string): string {
  if (record.status === 'sent') return 'The state accepted it';
  if (record.status === 'failed') return `Not accepted. ${lastAnswer(record)}`;
  if (!sending) return 'Waits: state reporting is off';
  if (record.attempts === 0 || record.lastResult === null) return 'Being sent';
  const tries = `${record.attempts} ${record.attempts === 1 ? 'try' : 'tries'}`;
  const next = record.nextAttemptAt ? `; next try at ${storeTime(record.nextAttemptAt, timeZone)}` : '';
  return `${lastAnswer(record)} (${tries}${next})`;
}

/** One of the day's stock records (an adjustment, a delivery, a move) as the screen lists it. */
export interface StockRecordRow extends Tries {
  id: string;
  kind: 'adjustment' | 'package';
  createdAt: string;
  /** What it tells, in words. */
  record: string;
  /** The package's tag or the manifest number. */
  subject: string;
  quantity: string;
}

/** The day's adjustments, deliveries and moves, oldest first. */
export function stockRecordRows(
  adjustments: readonly StateAdjustmentView[],
  packageRecords: readonly StatePackageRecordView[],
): StockRecordRow[] {
  const adjusted = adjustments.map((a) => ({
    ...a,
    kind: 'adjustment' as const,
    record: `Adjustment: ${a.reason}${a.reasonNote ? ` (${a.reasonNote})` : ''}`,
    subject: a.packageLabel,
    quantity: signed(a.quantity, a.unitOfMeasure),
  }));
  const packages = packageRecords.map((p) => ({ ...p, kind: 'package' as const, record: p.summary, quantity: '' }));
  return [...adjusted, ...packages].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
