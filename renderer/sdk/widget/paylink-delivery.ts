import type { PendingPayment } from '../../../shared/contracts/payment';
import type { WidgetOptions } from '../protocol';
import type { Bridge } from './bridge';

/**
 * Shows the ACH provider checkout once per pending paylink (spec 4.3, paylinkDeliveryMethod):
 * `redirect` opens it in a new tab while the widget shows the in-progress modal; `iframe` asks the
 * loader for the overlay above the host page. The virtual terminal only shows the invoice link.
 */
export interface PaylinkDelivery {
  /** Delivers the paylink of `pending` if it was not delivered yet. Returns false when a popup was blocked. */
  deliver(pending: PendingPayment, options: WidgetOptions): boolean;
  /** Closes the overlay, if one is open (the payment ended). */
  close(): void;
  /** Opens the checkout tab again (the customer closed it, or the popup was blocked). */
  reopen(url: string): void;
}

/** The service answers the paylink as a path on its origin (`/sdk/paylink/#<token>`). */
export const absoluteUrl = (url: string) => new URL(url, location.origin).href;

export function createPaylinkDelivery(bridge: Bridge): PaylinkDelivery {
  let delivered = '';
  let overlayOpen = false;
  const openTab = (url: string) => {
    const tab = window.open(url, '_blank');
    // The checkout never needs its opener; cut the link as `noopener` would.
    if (tab) tab.opener = null;
    return tab !== null;
  };
  return {
    deliver(pending, options) {
      if (!pending.paylinkUrl || delivered === pending.id) return true;
      delivered = pending.id;
      if (options.channel === 'virtual_terminal') return true;
      const url = absoluteUrl(pending.paylinkUrl);
      if (options.paylinkDeliveryMethod === 'iframe') {
        overlayOpen = true;
        bridge.send({ type: 'paylink-open', url });
        return true;
      }
      return openTab(url);
    },
    close() {
      if (overlayOpen) bridge.send({ type: 'paylink-close' });
      overlayOpen = false;
    },
    reopen: (url) => void openTab(absoluteUrl(url)),
  };
}
