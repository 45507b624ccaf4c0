import type { DisplayOutcome, DisplayPayment } from '../../../shared/contracts/display';
import { SdkPayments } from '../../common/sdk-payments';
import type { PaymentResponse } from '../../sdk/types/servicepay';
import { DISPLAY_COLORS } from '../theme';

/** What the customer's payment on the display needs. */
export interface DisplayPaymentOptions {
  serviceUrl: string;
  element: HTMLElement;
  dispensaryShortName: string;
  storeName: string;
  token: () => string;
  entityId: string;
  /** Called with each outcome to report to the POS. */
  report: (outcome: DisplayOutcome) => void;
  /** Called with the way to pay the customer picked ("Rounded Debit" for a cashless ATM), null when none is. */
  chosen?: (option: string | null) => void;
}

/**
 * The SDK on the pole display (channel `ffd`, full screen): one payment event per order the POS
 * hands over. A payment left unfinished is canceled when the POS takes the sale back; a new
 * hand-over of an order whose payment was canceled offers it again.
 */
export class DisplayPayments {
  private readonly payments: SdkPayments;
  /** The order whose payment is on screen, until it ends (approved or canceled). */
  private active: string | null = null;
  /** The order of the last payment event sent: the responses are about it. */
  private sentFor = '';

  constructor(private readonly options: DisplayPaymentOptions) {
    this.payments = new SdkPayments({
      serviceUrl: options.serviceUrl,
      channel: 'ffd',
      theme: { positionFixed: true, colors: DISPLAY_COLORS },
      entityName: options.storeName,
      element: options.element,
      dispensaryShortName: options.dispensaryShortName,
      token: options.token,
      entityId: options.entityId,
      onResponse: (response) => this.respond(this.sentFor, response),
    });
  }

  /** Shows the payment of `payment` unless it is already on screen. */
  async show(payment: DisplayPayment): Promise<void> {
    if (this.active === payment.orderId) return;
    this.active = payment.orderId;
    this.sentFor = payment.orderId;
    this.options.chosen?.(null);
    await this.payments.pay({
      originalAmount: payment.amount,
      ticketId: payment.orderId,
      ticketAlphaNumId: payment.orderNumber,
      taxes: payment.taxes,
      discount: payment.discount,
      rewardDollars: payment.rewardDollars,
      referenceNumber: payment.orderId,
      entityName: this.options.storeName,
      ...(payment.employeeReferenceId ? { employeeReferenceId: payment.employeeReferenceId } : {}),
      ...(payment.customer ? { customer: payment.customer } : {}),
    });
  }

  /** The POS took the sale back: cancel a payment still open on screen. */
  leave(): void {
    if (this.active === null) return;
    this.active = null;
    this.payments.cancel();
  }

  private respond(orderId: string, response: PaymentResponse): void {
    const report = (outcome: DisplayOutcome['outcome'], extra: Partial<DisplayOutcome> = {}) =>
      this.options.report({ orderId, outcome, ...extra });
    switch (response.eventType) {
      case 'PAYMENT_APPROVED':
        this.active = null;
        this.options.chosen?.(null);
        report('approved', { paymentId: response.data.id, message: response.userMessage.slice(0, 300) });
        break;
      case 'PAYMENT_CANCELED':
        // Our own cancel (the POS took the sale back) is not news to the POS.
        if (this.active === orderId) report('canceled');
        this.active = null;
        this.options.chosen?.(null);
        break;
      case 'PAYMENT_ERROR':
        report(/declin/i.test(response.userMessage) ? 'declined' : 'error', {
          message: response.userMessage.slice(0, 300),
          // The refusal's figures (a payment over the balance due): the POS says them in its words.
          ...(response.details ? { details: response.details } : {}),
        });
        break;
      case 'PAYMENT_OPTION_SELECTED':
        this.options.chosen?.(response.data.option);
        // Cash is paid to the cashier: the widget tells the customer so, and the POS takes over.
        if (response.data.option === 'Cash') report('cash');
        break;
    }
  }
}
