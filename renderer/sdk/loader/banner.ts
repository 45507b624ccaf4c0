import { listed } from '../../../shared/list-words';
import type { BannerMethod } from '../protocol';

/**
 * The `payment-options-banner` component: one line in the host page naming the methods the customer
 * can pay with, before checkout ("We accept Credit card, Bank transfer (ACH) and Cash."). It holds no
 * payment data, so it lives in the page itself (cheaper than a second iframe), takes the page's font
 * and colour, and the host can restyle it through its class name.
 */
export interface Banner {
  element: HTMLElement;
  update(methods: BannerMethod[]): void;
}

export function createBanner(instance: string, target: HTMLElement, before: Node | null): Banner {
  const element = target.ownerDocument.createElement('p');
  element.id = `payment-options-banner-${instance}`;
  element.className = 'servicepay-payment-options-banner';
  target.insertBefore(element, before);
  return {
    element,
    update: (methods) => {
      const labels = methods.map((method) => method.label);
      element.textContent = labels.at(-1) ? `We accept ${listed(labels)}.` : '';
    },
  };
}
