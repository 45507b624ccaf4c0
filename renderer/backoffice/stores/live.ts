import { defineStore } from 'pinia';
import type { CatalogChange, OrderUpdate, StockChange } from '../../../shared/contracts/live';
import { useCountsStore } from './counts';
import { followLive } from '../../common/live-stream';
import { forgetStoreInfo } from '../../common/store-info';
import { useDrawersStore } from './drawers';
import { useOrdersStore } from './orders';
import { usePackagesStore } from './packages';
import { useProductsStore } from './products';
import { useRoomsStore } from './rooms';
import { useSalesStore } from './sales';
import { DISPENSARY, terminal, useSessionStore } from './session';
import { useStoreCheckStore } from './store-check';
import { useVirtualTerminalStore } from './virtual-terminal';

/**
 * The back office's live channel: order and payment changes and the store's settings (and, for
 * managers, the drawers, the products and the counts) go to the screens' stores as they happen,
 * whichever screen is open.
 */
const topicsOf = (manager: boolean, adjusts: boolean) =>
  manager ? ',drawers,catalog,counts' : adjusts ? ',catalog' : '';

export const useLiveStore = defineStore('live', () => {
  let stream: { close: () => void } | null = null;

  /**
   * Follows the store's changes; `manager`: the drawers, the products and the counts too (the screens
   * are managers'); `adjusts`: the products (a cashier adjusting stock sees it change).
   */
  function follow(manager: boolean, adjusts = false): void {
    const session = useSessionStore();
    const orders = useOrdersStore();
    const vt = useVirtualTerminalStore();
    const sales = useSalesStore();
    const openDrawers = useDrawersStore();
    const products = useProductsStore();
    const counts = useCountsStore();
    const packages = usePackagesStore();
    const rooms = useRoomsStore();
    // Stock changed (a move, a sale, an adjustment): the list, an open product's packages, the rooms' counts.
    const catalogChanged = (productIds: readonly string[]) => {
      void products.changed(productIds);
      void packages.changed(productIds);
      void rooms.changed();
    };
    stream?.close();
    stream = followLive({
      url: `${terminal.serviceUrl}/v2.0/dispensary/${DISPENSARY}/live?topics=orders,payments,store${topicsOf(manager, adjusts)}`,
      token: () => session.session?.token,
      onRefused: (status) => {
        if (status === 401) session.expire();
        // The store is not there: asking again every few seconds would only hear that again.
        if (status === 404) {
          stop();
          void useStoreCheckStore().gone();
        }
      },
      onEvent: (event, data) => {
        if (event === 'order.updated') {
          orders.updated(data as OrderUpdate);
          vt.updated(data as OrderUpdate);
        }
        if (event === 'payment.updated') {
          sales.paymentChanged();
          openDrawers.changed();
        }
        if (event === 'drawer.updated') openDrawers.changed();
        if (event === 'catalog.changed') catalogChanged((data as CatalogChange).productIds);
        // A sale, an online order, a register's hold moved stock: the same screens follow it.
        if (event === 'stock.changed') catalogChanged((data as StockChange).products.map((moved) => moved.productId));
        if (event === 'count.changed') void counts.changed();
        // The store's settings changed (here, in another window or by the command): every screen opened
        // next reads it again, in its new time zone.
        if (event === 'store.changed') forgetStoreInfo();
      },
      // Back after a gap: events were missed meanwhile.
      onState: (state) => {
        if (state !== 'open') return;
        openDrawers.changed();
        forgetStoreInfo();
        catalogChanged([]);
        void counts.changed();
      },
    });
  }

  function stop(): void {
    stream?.close();
    stream = null;
  }

  return { follow, stop };
});
