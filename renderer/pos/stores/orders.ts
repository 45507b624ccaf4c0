import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { DisplayOutcome } from '../../../shared/contracts/display';
import type { OrderUpdate, StockChange } from '../../../shared/contracts/live';
import type { LinkStatus } from '../../../shared/contracts/registers';
import type { ListedTicket, TicketPage } from '../../../shared/contracts/ticket';
import { coalesce } from '../../common/coalesce';
import { moneyMayHaveMoved } from '../../common/listed-order-money';
import { LatestRead } from '../../common/latest-read';
import { followLive, type LiveState } from '../../common/live-stream';
import { loadStoreInfo } from '../../common/store-info';
import { zonedDate, zonedDayRange } from '../../../shared/zoned-day';
import { DISPENSARY, useCatalogStore } from './catalog';
import { useCartStore } from './cart';
import { useCheckoutStore } from './checkout';
import { usePickupStore } from './pickup';
import { useSaleRulesStore } from './sale-rules';
import { useServerLinkStore } from './server-link';
import { terminal, useSessionStore } from './session';
import { useStoreCheckStore } from './store-check';

const SHOWN = 25;

/**
 * One of today's orders: as the live channel tells it, with what its payments hold as the list last
 * said (`paid`, `refunded`: the channel's news does not carry them).
 */
export type TodayOrder = OrderUpdate & Partial<Pick<ListedTicket, 'paid' | 'refunded'>>;

/** A listed order as the list shows it. */
function toToday(ticket: ListedTicket): TodayOrder {
  const { orderId, orderNumber, status, paymentStatus, source, total, createdAt, updatedAt, paid, refunded } = ticket;
  return { orderId, orderNumber, status, paymentStatus, source, total, createdAt, updatedAt, paid, refunded };
}

/**
 * The list with an order's news in its place, newest order first, keeping what the list said its
 * payments hold. News older than what the list shows of that order (an answer or event that took
 * longer on its way) leaves the list as it is.
 */
export function withUpdate(list: TodayOrder[], update: TodayOrder): TodayOrder[] {
  const shown = list.find((order) => order.orderId === update.orderId);
  if (shown && Date.parse(shown.updatedAt) > Date.parse(update.updatedAt)) return list;
  const rest = list.filter((order) => order !== shown);
  const merged: TodayOrder = shown ? { ...shown, ...update } : update;
  return [merged, ...rest].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, SHOWN);
}

/** Today's orders, newest first, kept current by the live channel (which also feeds checkout and the server link). */
export const useOrdersStore = defineStore('orders', () => {
  const orders = ref<TodayOrder[]>([]);
  const liveState = ref<LiveState>('closed');
  let stream: { close: () => void } | null = null;
  const reads = new LatestRead();
  /** The updates heard while a read of the list is on its way: laid over its answer, which may predate them. */
  let heardDuringRead: OrderUpdate[] | null = null;

  /**
   * An order's change, told by the live channel. One shown whose payments may hold more or less now
   * (a part payment, a refund, a void) has the list read again for its figures.
   */
  function orderUpdated(update: OrderUpdate): void {
    heardDuringRead?.push(update);
    const shown = orders.value.find((order) => order.orderId === update.orderId);
    orders.value = withUpdate(orders.value, update);
    if (shown && moneyMayHaveMoved(shown, update)) void reread().catch(() => undefined);
  }

  async function load(): Promise<void> {
    const { api } = useSessionStore();
    // Today is the store's day (its midnight in its time zone), whatever the computer's zone.
    const { timeZone } = await loadStoreInfo(api, DISPENSARY);
    const { from } = zonedDayRange(zonedDate(new Date(), timeZone), timeZone);
    const last = reads.begin();
    const heard: OrderUpdate[] = [];
    heardDuringRead = heard;
    try {
      const page = await api.get<TicketPage>(
        `/v2.0/dispensary/${DISPENSARY}/ecommerce/tickets?limit=${SHOWN}&from=${encodeURIComponent(from)}`,
      );
      // A read asked earlier that answers after a later one is older news: the later one's list stays.
      if (!last()) return;
      orders.value = heard.reduce(withUpdate, page.tickets.map(toToday));
    } finally {
      if (heardDuringRead === heard) heardDuringRead = null;
    }
  }

  /** Reads the list again once at a time, however many changes ask meanwhile. */
  const reread = coalesce(load);

  /**
   * Follows orders, this terminal's display, the store's catalog and its settings; reloads the list,
   * the pickup queue and the catalog on every (re)connect (and the store's settings on a reconnect): a
   * change may have been missed. The one stream feeds the checkout, the server link, the pickup queue,
   * the catalog (read again when a manager changed a product; its stock put in place as it moves) and
   * the store (its name, time zone, programme, state profile) too.
   */
  function follow(): void {
    stop();
    let reconnected = false;
    const session = useSessionStore();
    const checkout = useCheckoutStore();
    const link = useServerLinkStore();
    const pickup = usePickupStore();
    const catalog = useCatalogStore();
    const cart = useCartStore();
    stream = followLive({
      url: `${terminal.serviceUrl}/v2.0/dispensary/${DISPENSARY}/live?topics=orders,display:${terminal.terminalId},link,catalog,store`,
      token: () => session.session?.token,
      onState: (state) => {
        liveState.value = state;
        if (state !== 'open') return;
        if (reconnected) void storeChanged();
        else void load().catch(() => undefined);
        reconnected = true;
        void pickup.reload();
        // Stock that moved while the channel was not heard (or before it first opened) was not told.
        void catalog.refresh();
      },
      onRefused: (status) => {
        if (status === 401) session.expire();
        // The store is not there (any more): asking again every few seconds would only hear that again.
        if (status === 404) {
          stop();
          void useStoreCheckStore().gone();
        }
      },
      onEvent: (event, data) => {
        if (event === 'order.updated') {
          orderUpdated(data as OrderUpdate);
          checkout.orderUpdated(data as OrderUpdate);
          pickup.orderUpdated(data as OrderUpdate);
        } else if (event === 'display.outcome') {
          checkout.displayOutcome(data as DisplayOutcome);
        } else if (event === 'link.updated') {
          link.update(data as LinkStatus);
          pickup.linkChanged(data as LinkStatus);
        } else if (event === 'catalog.changed') {
          void catalog.refresh();
        } else if (event === 'stock.changed') {
          catalog.stockChanged(data as StockChange);
        } else if (event === 'deals.changed') {
          // The open cart is priced again: its totals and the pole display follow the store's deals.
          if (!cart.isEmpty && !checkout.ticket) cart.changed();
        } else if (event === 'store.changed') {
          void storeChanged();
        }
      },
    });
  }

  /**
   * The store read again, with the state rules it enforces (a new profile may require an ID check or
   * other limits), then today's orders: a new time zone may make another day today.
   */
  async function storeChanged(): Promise<void> {
    await Promise.all([useCatalogStore().refreshStore(), useSaleRulesStore().refresh()]);
    await load().catch(() => undefined);
  }

  function stop(): void {
    stream?.close();
    stream = null;
  }

  return { orders, liveState, load, orderUpdated, follow, stop };
});
