import { defineStore } from 'pinia';
import type { CatalogChange, OrderUpdate } from '../../../shared/contracts/live';
import { followLive } from '../../common/live-stream';
import { useDrawersStore } from './drawers';
import { useOrdersStore } from './orders';
import { useProductsStore } from './products';
import { useSalesStore } from './sales';
import { DISPENSARY, terminal, useSessionStore } from './session';
import { useVirtualTerminalStore } from './virtual-terminal';

/**
 * The back office's live channel: order and payment changes (and, for managers, the drawers and the
 * products) go to the screens' stores as they happen, whichever screen is open.
 */
export const useLiveStore = defineStore('live', () => {
  let stream: { close: () => void } | null = null;

  /** Follows the store's changes; `manager`: the drawers and the products too (the screens are managers'). */
  function follow(manager: boolean): void {
    const session = useSessionStore();
    const orders = useOrdersStore();
    const vt = useVirtualTerminalStore();
    const sales = useSalesStore();
    const openDrawers = useDrawersStore();
    const products = useProductsStore();
    stream?.close();
    stream = followLive({
      url: `${terminal.serviceUrl}/v2.0/dispensary/${DISPENSARY}/live?topics=orders,payments${manager ? ',drawers,catalog' : ''}`,
      token: () => session.session?.token,
      onRefused: (status) => {
        if (status === 401) session.expire();
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
        if (event === 'catalog.changed') void products.changed((data as CatalogChange).productIds);
      },
      // Back after a gap: events were missed meanwhile.
      onState: (state) => {
        if (state !== 'open') return;
        openDrawers.changed();
        void products.changed([]);
      },
    });
  }

  function stop(): void {
    stream?.close();
    stream = null;
  }

  return { follow, stop };
});
