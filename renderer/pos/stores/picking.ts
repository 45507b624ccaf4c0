import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { QueueLine, QueueOrder } from '../../../shared/contracts/pickup';
import {
  checkWeight,
  lineKey,
  pickCount,
  progressOf,
  scanForPick,
  tapForPick,
  type LineProgress,
  type PickScan,
  type PickProgress,
} from '../logic/pick-scan';
import { keptFor, loadPicking, savePicking } from '../logic/kept-picking';
import { changedWords, unchangedWords } from '../logic/line-change';
import { useCatalogStore } from './catalog';
import { usePickupStore } from './pickup';
import { terminal } from './session';

/** What the pick dialog said last: a confirmation, or why a scan confirmed nothing. */
export interface PickNote {
  tone: 'good' | 'info' | 'refused';
  sentence: string;
}

/**
 * Picking one online order on this register (README "Picking by scan"): the order whose pick list
 * is open, what has been scanned of each of the orders picked here, the line waiting for its
 * weight, and the last thing said. Scans are kept on this register (on its computer, across a
 * reload or a sign-out) until the order is packed, handed over, canceled or gone from the queue.
 */
export const usePickingStore = defineStore('picking', () => {
  const orderId = ref<string | null>(null);
  const progress = ref<Record<string, PickProgress>>({ ...loadPicking(terminal.terminalId) });
  watch(progress, (now) => savePicking(terminal.terminalId, now));
  // Each list the queue reads bears the kept scans out, or drops them (README "Picking by scan"). The
  // last list of a store server that does not answer is not news of where an order is.
  const pickup = usePickupStore();
  watch(
    () => [pickup.orders, pickup.loaded && pickup.current] as const,
    ([orders, read]) => {
      if (!read) return;
      const kept = keptFor(progress.value, orders, !pickup.truncated);
      if (JSON.stringify(kept) !== JSON.stringify(progress.value)) progress.value = { ...kept };
    },
    { immediate: true },
  );
  const weighing = ref<QueueLine | null>(null);
  const note = ref<PickNote | null>(null);
  /** A weighed line weighed off what was ordered: the picker may charge the order for that weight instead. */
  const offWeight = ref<{ line: QueueLine; weighed: number } | null>(null);
  /** The line whose change is being asked (quantity, or taken off). */
  const changing = ref<QueueLine | null>(null);

  /** The open order as the queue now lists it (it may have moved on, or gone). */
  const order = computed(() => usePickupStore().orders.find((listed) => listed.orderId === orderId.value) ?? null);
  const ofOrder = (id: string): PickProgress => progress.value[id] ?? {};
  const count = (listed: QueueOrder) => pickCount(listed, ofOrder(listed.orderId));
  const complete = computed(() => {
    const open = order.value;
    if (!open) return false;
    const { done, of } = count(open);
    return of > 0 && done === of;
  });

  function open(listed: QueueOrder): void {
    orderId.value = listed.orderId;
    weighing.value = null;
    note.value = null;
    offWeight.value = null;
    changing.value = null;
  }

  function close(): void {
    orderId.value = null;
    weighing.value = null;
    offWeight.value = null;
    changing.value = null;
  }

  function record(id: string, line: QueueLine, change: (own: LineProgress) => LineProgress): void {
    const own = progressOf(ofOrder(id), line);
    progress.value = { ...progress.value, [id]: { ...ofOrder(id), [line.lineIndex]: change(own) } };
  }

  /** A package label scanned or typed into the open pick list; false when it confirmed nothing (the note says why). */
  function scan(code: string): boolean {
    const open = order.value;
    if (!open) return false;
    const { index } = useCatalogStore();
    const found = scanForPick(open, ofOrder(open.orderId), code, (text) => {
      const product = index.byCode(text);
      return product && { productId: product.productId, name: product.name };
    });
    follow(open.orderId, found);
    return found.kind !== 'refused';
  }

  /** A tap on a line with no package label (nothing to scan but its barcode): one more unit in the bag. */
  function tap(line: QueueLine): void {
    const open = order.value;
    if (!open) return;
    follow(open.orderId, tapForPick(ofOrder(open.orderId), line));
  }

  /** Does what a scan or a tap came to: counts the unit, asks the weight, or says why not. */
  function follow(id: string, found: PickScan): void {
    if (found.kind === 'refused') {
      note.value = { tone: 'refused', sentence: found.sentence };
    } else if (found.kind === 'weigh') {
      weighing.value = found.line;
      note.value = null;
    } else {
      record(id, found.line, (own) => ({ ...own, scanned: own.scanned + 1 }));
      note.value = { tone: 'good', sentence: found.sentence };
    }
  }

  /** The weight of the line waiting for it: confirmed when it is what was ordered. */
  function weighed(value: number): void {
    const open = order.value;
    const line = weighing.value;
    if (!open || !line) return;
    const check = checkWeight(line, value);
    note.value = { tone: check.ok ? 'good' : 'refused', sentence: check.sentence };
    if (check.ok) record(open.orderId, line, () => ({ key: lineKey(line), scanned: 1, weighed: value }));
    offWeight.value = check.ok ? null : { line, weighed: value };
    weighing.value = null;
  }

  /**
   * Changes a line of the open order before it is paid: to `quantity`, or off the order (null). The
   * service prices it again and tells the customer's shop; a weighed line changed to the weight on
   * the scale is picked at that weight. A refusal is said, and nothing changes.
   */
  async function changeLine(line: QueueLine, quantity: number | null, reason: string): Promise<boolean> {
    const open = order.value;
    if (!open) return false;
    changing.value = null;
    // The same quantity changes nothing: nothing is sent, and the list says so.
    if (quantity !== null && Math.round(quantity * 1000) === Math.round(line.quantity * 1000)) {
      note.value = { tone: 'info', sentence: unchangedWords(line) };
      return false;
    }
    const change =
      quantity === null
        ? { lineIndex: line.lineIndex, remove: true as const }
        : { lineIndex: line.lineIndex, quantity };
    const answer = await usePickupStore().editLines(open, { changes: [change], reason });
    if ('refused' in answer) {
      note.value = { tone: 'refused', sentence: answer.refused };
      return false;
    }
    const weighedNow = offWeight.value?.line.lineIndex === line.lineIndex ? offWeight.value.weighed : null;
    offWeight.value = null;
    if (quantity !== null && weighedNow === quantity) {
      const changed = { ...line, quantity };
      record(open.orderId, changed, () => ({ key: lineKey(changed), scanned: 1, weighed: quantity }));
    }
    note.value = { tone: 'good', sentence: changedWords(line, quantity, answer.ticket) };
    return true;
  }

  /** Packs the open order once every line is scanned: its bag label prints with `bags` bags. */
  async function pack(bags: number): Promise<boolean> {
    const open = order.value;
    if (!open || !complete.value) return false;
    const packed = await usePickupStore().move(open, 'PACKED_READY', bags);
    if (packed) {
      const { [open.orderId]: _packed, ...rest } = progress.value;
      progress.value = rest;
      close();
    }
    return packed;
  }

  return {
    orderId,
    order,
    progress,
    weighing,
    offWeight,
    changing,
    note,
    complete,
    count,
    ofOrder,
    open,
    close,
    scan,
    tap,
    weighed,
    changeLine,
    pack,
  };
});
