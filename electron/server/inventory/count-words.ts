import { personWords } from '../../../shared/audit-words.js';
import type { CountLine, CountView } from '../../../shared/contracts/inventory-counts.js';
import type { CountScope } from '../../../shared/inventory/count-scope.js';
import { roomInWords, scopeInWords } from '../../../shared/inventory/count-scope.js';
import { varianceOf } from '../../../shared/inventory/count-variance.js';
import { categoryLabel } from '../../../shared/labels.js';
import { storeStamp } from '../../../shared/store-time.js';
import { approvedByOther, type ApprovalMaker } from './adjustment-approvals.js';
import { quantityInWords } from './adjustment-words.js';
import type { CountRow, LineRow } from './counts-repository.js';
import type { StaffNames } from '../auth/staff-names.js';

/** The scope a count row keeps as JSON. */
export function scopeOf(row: CountRow): CountScope {
  return JSON.parse(row.scope) as CountScope;
}

/** `count 3 "Vault, Monday"`: a count as refusals and notes name it. */
export function countName(row: CountRow): string {
  return `count ${row.number} "${row.name}"`;
}

/** A package's category or room (what `scope` counts by), for a refusal: "Flower", "in the Vault". */
export function lineWhere(line: Pick<LineRow, 'category' | 'roomName'>, scope: CountScope): string {
  const room = `in ${roomInWords(line.roomName ?? 'Sales floor')}`;
  const category = categoryLabel(line.category);
  if (!scope.rooms) return category;
  return scope.categories ? `${category}, ${room}` : room;
}

/** The display name now of the user `id` (null: none, or no user now). */
const nameOf = (names: StaffNames, id: string | null): string | null => (id === null ? null : (names.get(id) ?? null));

/**
 * Who applied (or cancelled) a count, as its row keeps them: staff by their user id, or the
 * operator, whose row keeps none (setup-actor.ts `actorRecord`).
 */
const closerOf = (row: CountRow): ApprovalMaker => ({
  kind: row.closed_by_id === null ? 'operator' : 'staff',
  id: row.closed_by_id,
});

/** A count as the API answers it; `names`: the display names of its people (counts-repository.ts `staffNamesOf`). */
export function toCountView(row: CountRow, names: StaffNames): CountView {
  const scope = scopeOf(row);
  return {
    countId: row.id,
    number: row.number,
    name: row.name,
    note: row.note,
    categories: scope.categories ?? [],
    rooms: (scope.rooms ?? []).map((id, index) => ({ id, name: scope.roomNames?.[index] ?? id })),
    scope: scopeInWords(scope),
    status: row.status,
    startedBy: row.started_by_name,
    startedByName: nameOf(names, row.started_by_id),
    startedAt: row.started_at,
    closedBy: row.closed_by_name,
    closedByName: nameOf(names, row.closed_by_id),
    closedAt: row.closed_at,
    approvedBy: row.approved_by_name,
    approvedByName: nameOf(names, row.approved_by_id),
    // Decided from the ids the row keeps, as an adjustment's is: a manager's or the operator's own
    // count needed no one else's approval.
    approvedByOther: approvedByOther(closerOf(row), row.approved_by_id),
  };
}

const orNull = (milli: unknown) => (milli === null || milli === undefined ? null : Number(milli));

/** One package of a count as the API answers it (PostgreSQL's bigint read as text made numbers). */
export function toCountLine(row: LineRow): CountLine {
  const countedMilli = orNull(row.countedMilli);
  const expectedMilli = orNull(row.expectedMilli);
  const priceCents = Number(row.priceCents);
  const variance = varianceOf({ countedMilli, expectedMilli, priceCents });
  return {
    packageId: row.packageId,
    packageLabel: row.packageLabel,
    roomName: row.roomName ?? null,
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    category: row.category,
    unitType: row.unitType,
    deli: Number(row.deli) === 1,
    priceCents,
    counted: countedMilli === null ? null : countedMilli / 1000,
    expected: expectedMilli === null ? null : expectedMilli / 1000,
    difference: variance ? variance.differenceMilli / 1000 : null,
    differenceCents: variance ? variance.valueCents : null,
    countedBy: row.countedBy ?? null,
    countedByName: row.countedByName ?? null,
    countedAt: row.countedAt ?? null,
    onHand: Number(row.onHandMilli) / 1000,
    adjustmentId: row.adjustmentId ?? null,
  };
}

/**
 * `count 3 "Vault" was applied by Morgan Manager on Nov 30, 2026, 10:00 AM MST`: why a closed count
 * takes no change, naming who closed it as people know them (their username when no user now).
 */
export function closedInWords(row: CountRow, timeZone: string, names: StaffNames): string {
  const done = row.status === 'APPLIED' ? 'applied' : 'cancelled';
  const when = row.closed_at ? ` on ${storeStamp(row.closed_at, timeZone)}` : '';
  const kept = row.closed_by_name;
  const who =
    kept === null ? (nameOf(names, row.closed_by_id) ?? 'someone') : personWords(nameOf(names, row.closed_by_id), kept);
  return `${countName(row)} was ${done} by ${who}${when}`;
}

/** The note of a count's adjustment: `Count 3 "Vault": counted 9, expected 10` (grams named when weighed). */
export function adjustmentNote(
  row: CountRow,
  line: { countedMilli: number; expectedMilli: number; deli: boolean; unitType: string },
): string {
  const unit = line.deli ? ` ${line.unitType}` : '';
  const counted = `${quantityInWords(line.countedMilli)}${unit}`;
  const expected = `${quantityInWords(line.expectedMilli)}${unit}`;
  return `Count ${row.number} "${row.name}": counted ${counted}, expected ${expected}`;
}
