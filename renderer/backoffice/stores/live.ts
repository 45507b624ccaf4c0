import { defineStore } from 'pinia';
import type { OrderUpdate } from '../../../shared/contracts/live';
import { followLive } from '../../common/live-stream';
import { useDrawersStore } from './drawers';
import { useOrdersStore } from './orders';
import { useSalesStore } from './sales';
import { DISPENSARY, terminal, useSessionStore } from './session';
import { useVirtualTerminalStore } from './virtual-terminal';

/**
 * The back office's live channel: order and payment changes (and, for managers, the drawers) go to
 * the screens' stores as they happen, whichever screen is open.
 */
export const useLiveStore = defineStore('live', () => {
  let stream: { close: () => void } | null = null;

  /** Follows the store's changes; `drawers`: the drawers too (the topic is for managers). */
  function follow(drawers: boolean): void {
    const session = useSessionStore();
    const orders = useOrdersStore();
    const vt = useVirtualTerminalStore();
    const sales = useSalesStore();
    const openDrawers = useDrawersStore();
    stream?.close();
    stream = followLive({
      url: `${terminal.serviceUrl}/v2.0/dispensary/${DISPENSARY}/live?topics=orders,payments${drawers ? ',drawers' : ''}`,
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
      },
      // Back after a gap: events were missed meanwhile.
      onState: (state) => {
        if (state === 'open') openDrawers.changed();
      },
    });
  }

  function stop(): void {
    stream?.close();
    stream = null;
  }

  return { follow, stop };
});
