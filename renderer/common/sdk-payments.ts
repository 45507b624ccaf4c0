import type { Channel, PaymentEvent, PaymentResponse, ServicePay, Theme } from '../sdk/types/servicepay';
import { loadServicePay } from './sdk';

/** What a window needs to take payments with the SDK. */
export interface SdkPaymentsOptions {
  serviceUrl: string;
  /** `pos` at the counter, `virtual_terminal` in the back office, `ffd` on the pole display. */
  channel: Channel;
  /** `{positionFixed: true}` on the pole display. */
  theme?: Theme;
  /** The store name the customer sees. */
  entityName?: string;
  element: HTMLElement;
  dispensaryShortName: string;
  token: () => string;
  entityId: string;
  onResponse: (response: PaymentResponse) => void;
}

/**
 * The SDK as the POS, the back office and the pole display use it, like any integrator: loaded and initialized once per
 * signed-in window (hidden until the first payment event), then one `payment` event per order.
 */
export class SdkPayments {
  private readonly sdk: ServicePay;
  private readonly ready: Promise<void>;
  private inProgress = false;

  constructor(private readonly options: SdkPaymentsOptions) {
    this.sdk = loadServicePay(options.serviceUrl);
    this.ready = new Promise((resolve) => {
      this.sdk('init', {
        element: options.element,
        channel: options.channel,
        ...(options.theme ? { theme: options.theme } : {}),
        ...(options.entityName ? { entityName: options.entityName } : {}),
        dispensaryShortName: options.dispensaryShortName,
        autoRenderPayments: false,
        authTokenFactory: async () => options.token(),
        getEntityId: async () => options.entityId,
        onReady: () => resolve(),
      });
    });
  }

  /** Shows the payment options for this order. */
  async pay(event: Omit<PaymentEvent, 'handlePaymentResponse'>): Promise<void> {
    await this.ready;
    this.inProgress = true;
    this.sdk('event', 'payment', {
      ...event,
      handlePaymentResponse: (response) => {
        if (response.eventType !== 'PAYMENT_OPTION_SELECTED') this.inProgress = response.eventType === 'PAYMENT_ERROR';
        this.options.onResponse(response);
      },
    });
  }

  /** Cancels a payment still open here (it moved elsewhere, or the sale ended). */
  cancel(): void {
    if (!this.inProgress) return;
    this.inProgress = false;
    this.sdk('event', 'cancel');
  }
}

/** Opens a window's payments: the SDK's (`openSdkPayments`), or a test's widget that answers as it is told. */
export type OpenPayments = (options: SdkPaymentsOptions) => Pick<SdkPayments, 'pay' | 'cancel'>;

export const openSdkPayments: OpenPayments = (options) => new SdkPayments(options);
