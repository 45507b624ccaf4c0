import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OrderUpdate } from '../../../shared/contracts/live';
import type { PickupQueue, QueueOrder } from '../../../shared/contracts/pickup';
import type { Ticket } from '../../../shared/contracts/ticket';
import type { TicketLinesEdit } from '../../../shared/contracts/ticket-edits';
import type { LinkStatus } from '../../../shared/contracts/registers';
import { loyaltyWords, readCanceledPoints } from '../../common/canceled-points';
import { refusalWords } from '../../common/refusal';
import { loadChime, saveChime, shouldChime } from '../logic/chime-settings';
import { playChime } from '../logic/chime-sound';
import { bagLabelWords } from '../logic/bag-label-words';
import { coalesce } from '../../common/coalesce';
import type { QueueMove } from '../logic/pickup-actions';
import { groupQueue, queueCount } from '../../common/pickup/pickup-queue';
import { handOverBlockedWhy, moveBlockedWhy, queueFollows } from '../logic/pickup-link';
import { DISPENSARY } from './catalog';
import { usePrinterStore } from './printer';
import { useSessionStore } from './session';

/** Words the register said about one order (a refused move), shown beside its card until the next try. */
export interface OrderNote {
  orderNumber: string;
  sentence: string;
}

const ECOMMERCE = `/v2.0/dispensary/${DISPENSARY}/ecommerce`;

const without = <T>(record: Record<string, T>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

/**
 * The pickup queue of the register's Online orders tab: the store's open online orders, read again
 * whenever the live channel (followed by the orders store) says an online order changed, and on
 * every (re)connect; bursts of changes make one read in flight and one queued at most.
 */
export const usePickupStore = defineStore('pickup', () => {
  const orders = ref<QueueOrder[]>([]);
  const truncated = ref(false);
  const loaded = ref(false);
  const error = ref('');
  /** The service's clock minus this computer's, as of the last read (overdue marks move on with it). */
  const skewMs = ref(0);
  /**
   * The list is the store's as of `asOf`; false on an attached register whose store server does not
   * answer: its last list, which nothing moves from here.
   */
  const current = ref(true);
  const asOf = ref<string | null>(null);
  /** The online orders are the store server's (an attached register): lent here to be handed over. */
  const atServer = ref(false);
  const moveBlocked = computed(() => moveBlockedWhy(current.value));
  const handOverBlocked = computed(() => handOverBlockedWhy(current.value));
  const chime = ref(loadChime());
  const notes = ref<Record<string, OrderNote>>({});
  /** What the last step did, for the tab's status line ("Order 7KQ2MZ canceled."). */
  const done = ref('');
  /** The order `done` says was packed: the line goes once it leaves the queue (handed over, canceled). */
  let packedOf: string | null = null;
  const busy = ref<Record<string, boolean>>({});
  const groups = computed(() => groupQueue(orders.value));
  const count = computed(() => queueCount(orders.value));
  /** Orders this register has listed since it started: a new one among a read's may chime. */
  let seen: Set<string> | null = null;
  /** Whether the register heard the store's orders as they change at the last link update. */
  let following = true;

  async function read(): Promise<void> {
    const { api } = useSessionStore();
    try {
      const queue = await api.get<PickupQueue>(`${ECOMMERCE}/pickup-queue`);
      skewMs.value = Date.parse(queue.asOf) - Date.now();
      if (shouldChime(chime.value, seen, queue.orders)) void playChime();
      seen ??= new Set();
      for (const order of queue.orders) seen.add(order.orderId);
      orders.value = queue.orders;
      if (packedOf !== null && !queue.orders.some((order) => order.orderId === packedOf)) {
        done.value = '';
        packedOf = null;
      }
      truncated.value = queue.truncated;
      // An older service says neither: its list is its own, current, and handed over here.
      current.value = queue.current !== false;
      asOf.value = queue.asOf;
      atServer.value = queue.atServer === true;
      loaded.value = true;
      error.value = '';
    } catch (failure) {
      error.value = refusalWords(
        failure,
        'The online orders could not be read. They are read again at the next change.',
      );
    }
  }

  /** Reads the queue again (coalesced): on the tab's opening, a reconnect, or a change. */
  const reload = coalesce(read);

  /** The live channel's `order.updated`: an online order's change reads the queue again. */
  function orderUpdated(update: OrderUpdate): void {
    if (update.source === 'online') void reload();
  }

  /**
   * The link to the store server changed (`link.updated`): when the register starts or stops hearing
   * the server's orders, the queue is read again (the last list, said not current; or the server's).
   */
  function linkChanged(status: LinkStatus | null): void {
    const follows = queueFollows(status);
    if (follows === following) return;
    following = follows;
    void reload();
  }

  /** Runs one move of a card; a refusal is said beside it and the queue is read again (it moved meanwhile). */
  async function act(order: QueueOrder, work: () => Promise<unknown>, said = ''): Promise<boolean> {
    forget(order.orderId);
    done.value = '';
    packedOf = null;
    busy.value = { ...busy.value, [order.orderId]: true };
    try {
      await work();
      done.value = said;
      return true;
    } catch (failure) {
      const sentence = refusalWords(failure, `Order ${order.orderNumber} could not be changed. Try again.`);
      notes.value = { ...notes.value, [order.orderId]: { orderNumber: order.orderNumber, sentence } };
      return false;
    } finally {
      // Done or refused, the queue is read again (a refusal, 409, means it moved elsewhere); the
      // card stays busy until it shows where the order is now.
      await reload();
      busy.value = without(busy.value, order.orderId);
    }
  }

  /**
   * Moves a card on; a packed order's bag label (for `bags` bags) prints on the register's printer,
   * and the tab says how it went.
   */
  async function move(order: QueueOrder, to: QueueMove, bags = 1): Promise<boolean> {
    const { api } = useSessionStore();
    const moved = await act(order, () => api.post(`${ECOMMERCE}/ticket/${order.orderId}/status`, { status: to }));
    if (moved && to === 'PACKED_READY') {
      const printed = await usePrinterStore().printOnRegister({ bagLabel: { orderId: order.orderId, bags } });
      done.value = bagLabelWords(order.orderNumber, printed, bags);
      packedOf = order.orderId;
    }
    return moved;
  }

  /**
   * Cancels an order of the queue; the tab's line then says what the cancel moved of the customer's
   * points, as the order's history says it (its confirm said beforehand what it would): "Order 7KQ2MZ
   * canceled; its items go back on the shelf. Loyalty: 200 points given back to Maria Garcia."
   */
  async function cancel(order: QueueOrder, reason: string): Promise<boolean> {
    const { api } = useSessionStore();
    const said = `Order ${order.orderNumber} canceled; its items go back on the shelf.`;
    const canceled = await act(order, () => api.post(`${ECOMMERCE}/ticket/${order.orderId}/cancel`, { reason }), said);
    if (!canceled) return false;
    const points = await readCanceledPoints(api, ECOMMERCE, order.orderId);
    // Said only while the line still tells of this cancel (not of a later step).
    if (points && done.value === said) done.value = `${said}${loyaltyWords(points)}`;
    return true;
  }

  /**
   * Changes an order's lines before it is paid (README "Changing an order's lines"): the ticket as
   * the service priced it again, or its refusal in words. The queue is read again either way.
   */
  async function editLines(
    order: QueueOrder,
    edit: TicketLinesEdit,
  ): Promise<{ ticket: Ticket } | { refused: string }> {
    const { api } = useSessionStore();
    busy.value = { ...busy.value, [order.orderId]: true };
    try {
      return { ticket: await api.post<Ticket>(`${ECOMMERCE}/ticket/${order.orderId}/lines`, edit) };
    } catch (failure) {
      return {
        refused: refusalWords(failure, `The lines of order ${order.orderNumber} could not be changed. Try again.`),
      };
    } finally {
      await reload();
      busy.value = without(busy.value, order.orderId);
    }
  }

  function forget(orderId: string): void {
    notes.value = without(notes.value, orderId);
  }

  /** Turns the chime on or off on this register; turning it on plays it, so the cashier knows it. */
  function setChime(on: boolean): void {
    chime.value = on;
    saveChime(on);
    if (on) void playChime();
  }

  return {
    orders,
    truncated,
    loaded,
    error,
    skewMs,
    current,
    asOf,
    atServer,
    moveBlocked,
    handOverBlocked,
    chime,
    notes,
    done,
    busy,
    groups,
    count,
    reload,
    orderUpdated,
    linkChanged,
    move,
    cancel,
    editLines,
    forget,
    setChime,
  };
});
