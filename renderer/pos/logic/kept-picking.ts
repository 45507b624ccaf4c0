import type { QueueOrder } from '../../../shared/contracts/pickup';
import { lineKey, scansNeeded, type LineProgress, type PickProgress } from './pick-scan';

/**
 * A register's picking progress, kept on its computer (README "Picking by scan") so a reload or a
 * sign-out mid-pick does not lose the scans: what was scanned of each order picked here, by order.
 * Per register: two registers picking one order each keep their own.
 */
export type KeptPicking = Readonly<Record<string, PickProgress>>;

const keyOf = (terminalId: string) => `servicepay.pos.picking.${terminalId}`;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** One line's progress as kept, or null when it is not one (another version, a hand edit). */
function lineOf(value: unknown): LineProgress | null {
  const kept = value as Partial<LineProgress> | null;
  if (typeof kept?.key !== 'string' || !isCount(kept.scanned)) return null;
  const weighed = kept.weighed ?? null;
  if (weighed !== null && (typeof weighed !== 'number' || !(weighed > 0))) return null;
  return { key: kept.key, scanned: kept.scanned, weighed };
}

/** What register `terminalId` had scanned of the orders it was picking when its window last closed. */
export function loadPicking(terminalId: string, storage: Pick<Storage, 'getItem'> = localStorage): KeptPicking {
  try {
    const kept = JSON.parse(storage.getItem(keyOf(terminalId)) ?? 'null') as unknown;
    if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) return {};
    const orders: Record<string, PickProgress> = {};
    for (const [orderId, lines] of Object.entries(kept)) {
      if (typeof lines !== 'object' || lines === null) continue;
      const own: Record<number, LineProgress> = {};
      for (const [index, line] of Object.entries(lines)) {
        const read = lineOf(line);
        if (read && isCount(Number(index))) own[Number(index)] = read;
      }
      if (Object.keys(own).length > 0) orders[orderId] = own;
    }
    return orders;
  } catch {
    return {};
  }
}

/** Keeps what register `terminalId` has scanned (nothing kept once nothing is being picked). */
export function savePicking(
  terminalId: string,
  picking: KeptPicking,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  if (Object.keys(picking).length > 0) storage.setItem(keyOf(terminalId), JSON.stringify(picking));
  else storage.removeItem(keyOf(terminalId));
}

/**
 * The kept progress as far as the queue bears it out now, never past what an order holds: an order
 * no longer being picked (packed, handed over, canceled, gone from the queue) is dropped, and so is
 * a line's progress when the order no longer has that line as scanned (its package or quantity
 * changed), or says more scans than the line takes. `listedAll` false (a truncated queue): an order
 * not listed is kept, as it may only be past the list's end.
 */
export function keptFor(picking: KeptPicking, orders: readonly QueueOrder[], listedAll = true): KeptPicking {
  const kept: Record<string, PickProgress> = {};
  for (const [orderId, progress] of Object.entries(picking)) {
    const order = orders.find((listed) => listed.orderId === orderId);
    if (!order) {
      if (!listedAll) kept[orderId] = progress;
      continue;
    }
    if (order.fulfillmentStatus !== 'IN_PROCESS') continue;
    const own: Record<number, LineProgress> = {};
    for (const line of order.lines) {
      const scanned = progress[line.lineIndex];
      if (!scanned || scanned.key !== lineKey(line) || scanned.scanned > scansNeeded(line)) continue;
      if (scanned.weighed !== null && !line.deli) continue;
      own[line.lineIndex] = scanned;
    }
    if (Object.keys(own).length > 0) kept[orderId] = own;
  }
  return kept;
}
