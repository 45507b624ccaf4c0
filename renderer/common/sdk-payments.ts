import type { Channel, PaymentEvent, PaymentResponse, ServicePay } from '../sdk/types/servicepay';
import { loadServicePay } from './sdk';

/** What a staff window needs to take payments with the SDK. */
export interface SdkPaymentsOptions {
  serviceUrl: string;
  /** `pos` at the counter, `virtual_terminal` in the back office. */
  channel: Channel;
  element: HTMLElement;
  dispensaryShortName: string;
  token: () => string;
  entityId: string;
  onResponse: (response: PaymentResponse) => void;
}

/**
 * The SDK as the staff windows use it, like any integrator: loaded and initialized once per
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

  /** Cancels a payment the cashier started here (when it moves to the display, or the sale ends). */
  cancel(): void {
    if (!this.inProgress) return;
    this.inProgress = false;
    this.sdk('event', 'cancel');
  }
}
