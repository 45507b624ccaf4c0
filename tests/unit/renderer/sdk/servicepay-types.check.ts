/**
 * Type tests of the integrator declarations (renderer/sdk/types/servicepay.d.ts), checked by
 * `vue-tsc -p tsconfig.renderer.json`: what an integrator may write compiles, and each mistake the
 * types should catch is marked with @ts-expect-error (the check fails if it ever compiles).
 */
import type { PaymentRecord } from '../../../../shared/contracts/payment';
import type {
  Customer,
  DisablePaymentMethod,
  InitOptions,
  PaymentData,
  PaymentEvent,
  PaymentResponse,
  ServicePay,
} from '../../../../renderer/sdk/types/servicepay';

declare const element: HTMLElement;
const servicepay: ServicePay = _servicepay;

// init: the required options, then every option of spec 4.3.
servicepay('init', { element, authTokenFactory: async () => 'token', getEntityId: async () => 'entity' });
const everything: InitOptions = {
  element,
  channel: 'ecommerce',
  debug: true,
  authTokenFactory: () => Promise.resolve('token'),
  getEntityId: () => Promise.resolve('entity'),
  theme: { positionFixed: true, colors: { background: '#10231b', accent: '#7fd6a4' } },
  dispensaryShortName: 'demo',
  entityName: 'Green Valley',
  locationId: null,
  autoRenderPayments: false,
  disablePaymentMethods: [{ paymentMethod: 'ACH', action: 'message', message: 'Paused' }],
  paylinkDeliveryMethod: 'iframe',
  onReady: () => undefined,
  onInitFailed: ({ userMessage }) => void userMessage.length,
};
servicepay('init', everything);

// @ts-expect-error element is required
servicepay('init', { authTokenFactory: async () => 'token', getEntityId: async () => 'entity' });
// @ts-expect-error channel is one of ffd, ecommerce, virtual_terminal, pos
servicepay('init', { ...everything, channel: 'kiosk' });
// @ts-expect-error authTokenFactory returns a promise of a string
servicepay('init', { ...everything, authTokenFactory: () => 'token' });
// @ts-expect-error paylinkDeliveryMethod is redirect or iframe
servicepay('init', { ...everything, paylinkDeliveryMethod: 'popup' });
// @ts-expect-error onInitFailed receives {userMessage}, not a string
servicepay('init', { ...everything, onInitFailed: (message: string) => void message });
// @ts-expect-error theme.positionFixed is a boolean
servicepay('init', { ...everything, theme: { positionFixed: 'yes' } });
// @ts-expect-error the rule's action is hidden or message
const badRule: DisablePaymentMethod = { paymentMethod: 'ACH', action: 'remove' };
// @ts-expect-error Check is not a payment method
const badMethod: DisablePaymentMethod = { paymentMethod: 'Check', action: 'hidden' };

// events
const payment: PaymentEvent = {
  originalAmount: 1250,
  ticketAlphaNumId: 'ABC234',
  tip: 100,
  customer: { firstName: 'Ana', lastName: 'Diaz', phone: '555-0100', email: 'ana@example.com' },
  async handlePaymentResponse(response) {
    switch (response.eventType) {
      case 'PAYMENT_APPROVED':
      case 'PAYMENT_CANCELED': {
        const status: string = response.data.status;
        const cents: number = response.data.originalAmount + response.data.cashbackAmount;
        void [status, cents, response.userMessage];
        return;
      }
      case 'PAYMENT_ERROR': {
        const reason: string = response.userMessage;
        // @ts-expect-error PAYMENT_ERROR's data is empty
        void response.data.id;
        // A refusal's figures, when it has some, are beside the data and may be absent.
        // @ts-expect-error details may be absent
        const due: number = response.details.balanceDue;
        const left: number | undefined = response.details?.balanceDue;
        void [reason, due, left];
        return;
      }
      case 'PAYMENT_OPTION_SELECTED': {
        const option: 'Credit' | 'Debit' | 'Rounded Debit' | 'ACH' | 'Cash' | 'Others' = response.data.option;
        // @ts-expect-error PAYMENT_OPTION_SELECTED has no userMessage
        void response.userMessage;
        void option;
      }
    }
  },
};
servicepay('event', 'payment', payment);
servicepay('event', 'cancel');
servicepay('event', 'refresh');
servicepay('event', 'mount', { component: 'payment-options-banner', element });
servicepay('event', 'mount', { component: 'payment-options-banner' });
servicepay('event', 'unmount', { component: 'payment-options-banner' });

// @ts-expect-error a payment event needs handlePaymentResponse
servicepay('event', 'payment', { originalAmount: 1250 });
// @ts-expect-error originalAmount is a number of cents
servicepay('event', 'payment', { ...payment, originalAmount: '12.50' });
// @ts-expect-error a customer has all four fields
const partial: Customer = { firstName: 'Ana', lastName: 'Diaz', phone: '555-0100' };
// @ts-expect-error refund is not an event
servicepay('event', 'refund');
// @ts-expect-error only payment-options-banner can be mounted
servicepay('event', 'mount', { component: 'cart' });
// @ts-expect-error payment takes its event
servicepay('event', 'payment');
// @ts-expect-error unknown command
servicepay('pay', payment);

// The hand-written payment data stays in step with the service's contract, both ways.
const fromContract = (record: PaymentRecord): PaymentData => record;
const toContract = (data: PaymentData): PaymentRecord => data;
const anyResponse = (response: PaymentResponse): string => response.eventType;

export { badMethod, badRule, partial, fromContract, toContract, anyResponse };
