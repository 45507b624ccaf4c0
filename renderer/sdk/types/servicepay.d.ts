/**
 * TypeScript declarations of the ServicePay browser SDK (`_servicepay`), written by hand for
 * integrators and served beside the loader at `/sdk/servicepay.d.ts`. Amounts are integer cents.
 *
 *   import type { ServicePay, InitOptions, PaymentResponse } from './servicepay';
 *   _servicepay('init', { element, authTokenFactory, getEntityId, channel: 'ecommerce' });
 */

/** A payment method the widget can offer (spec 2.7). */
export type PaymentMethod = 'Credit' | 'Debit' | 'ATM' | 'ACH' | 'Cash';

/** Where the SDK runs: pole display (default), online checkout, back-office terminal, or cashier POS. */
export type Channel = 'ffd' | 'ecommerce' | 'virtual_terminal' | 'pos';

/** What `disablePaymentMethods` does to a method: remove it, or show `message` in a modal (ecommerce only). */
export type DisableAction = 'hidden' | 'message';

/** One rule of `disablePaymentMethods` (spec 2.7). */
export interface DisablePaymentMethod {
  /** The method the rule applies to. */
  paymentMethod: PaymentMethod;
  /** `hidden` removes it; `message` keeps it and shows `message` instead of paying (ecommerce only). */
  action: DisableAction;
  /** Text of the modal for the `message` action. */
  message?: string | null;
}

/** The paying customer (spec 2.6); all four fields are required when a customer is given. */
export interface Customer {
  /** Your id of the customer, echoed back in results. */
  id?: string;
  /** Given name. */
  firstName: string;
  /** Family name. */
  lastName: string;
  /** Phone number. */
  phone: string;
  /** E-mail address. */
  email: string;
}

/** Colours of the widget, each a hex colour (`#1d4ed8`, `#fff`); any left out keep the default. */
export interface ThemeColors {
  /** The page behind the widget. */
  background?: string;
  /** Buttons and fields. */
  surface?: string;
  /** Text. */
  text?: string;
  /** Secondary text. */
  mutedText?: string;
  /** Borders and dividers. */
  border?: string;
  /** The primary button, focus ring and spinner. */
  accent?: string;
  /** Text on the accent colour. */
  accentText?: string;
  /** Errors and declines. */
  danger?: string;
}

/** Look of the widget. */
export interface Theme {
  /** Full screen with large type, for pole displays read at arm's length. */
  positionFixed?: boolean;
  /** Colours matching the host page (a dark pole display, a store's brand). */
  colors?: ThemeColors;
}

/** Why the widget could not start, as `onInitFailed` receives it. */
export interface InitFailure {
  /** In the words of the person paying, never a code: "The payment form could not load. …" and what to do. */
  userMessage: string;
}

/** Options of `_servicepay('init', options)` (spec 4.3). */
export interface InitOptions {
  /** The element the widget is rendered into (a `widget-<instance>` container is added to it). */
  element: HTMLElement;
  /** Where the SDK runs; `ffd` when omitted. */
  channel?: Channel;
  /** Logs what the SDK and the widget do to the console. */
  debug?: boolean;
  /** Returns a bearer token (staff login or partner); called again when the token expires. */
  authTokenFactory: () => Promise<string>;
  /** Returns the MSO entity id (the organization's UUID). */
  getEntityId: () => Promise<string>;
  /** Look of the widget. */
  theme?: Theme;
  /** The dispensary whose orders are paid: kebab case, at most 10 characters. */
  dispensaryShortName?: string;
  /** The store name shown to the customer. */
  entityName?: string;
  /** Only offer methods of this location (a UUID). */
  locationId?: string | null;
  /** True (default): render on init; false: load hidden and render at the first payment event. */
  autoRenderPayments?: boolean;
  /** Methods to hide, or to answer with a message (ecommerce). */
  disablePaymentMethods?: DisablePaymentMethod[];
  /** ACH checkout: `redirect` (default) opens a new tab; `iframe` shows it over the page, cart locked. */
  paylinkDeliveryMethod?: 'redirect' | 'iframe';
  /** Called once when the SDK is ready: the safe point to send the first payment event. */
  onReady?: () => void;
  /**
   * Called each time the widget cannot start (the token or entity refused, the service not reachable,
   * authTokenFactory failing): say why where the page waits for onReady. The console has the reason.
   */
  onInitFailed?: (failure: InitFailure) => void;
}

/** The argument of `_servicepay('event', 'payment', event)` (spec 2.5); amounts in cents. */
export interface PaymentEvent {
  /** Receives every result and status change of this payment. */
  handlePaymentResponse: (response: PaymentResponse) => Promise<void> | void;
  /** Total to collect, in cents; greater than zero. */
  originalAmount: number;
  /** Employee number of the initiating user. */
  employeeReferenceId?: string;
  /** Associate id (UUID) of the initiating user. */
  transactingAssociateId?: string;
  /** The ticket (order) id, a UUID. */
  ticketId?: string;
  /** The order number: letters and digits, at most 10; required in the `pos` and `ffd` channels. */
  ticketAlphaNumId?: string;
  /** The customer; some methods or processors need it. */
  customer?: Customer;
  /** Tip in cents, on top of originalAmount. */
  tip?: number;
  /** Taxes in cents (informational). */
  taxes?: number;
  /** Discount in cents (informational; may be negative). */
  discount?: number;
  /** Reward dollars applied, in cents (informational). */
  rewardDollars?: number;
  /** Only offer methods of this location (a UUID). */
  locationId?: string | null;
  /** Use this processor instead of the entity's default. */
  processorName?: string | null;
  /** Your reference of this payment (a cart id…); a resend with the same reference reuses the session. */
  referenceNumber?: string;
  /** Starts with this method instead of showing the choice. */
  paymentMethod?: PaymentMethod;
  /** The store name shown to the customer. */
  entityName?: string;
}

/** `data` of PAYMENT_APPROVED and PAYMENT_CANCELED: the payment as recorded (spec 2.8). */
export interface PaymentData {
  /** Payment id (UUID). */
  id: string;
  /** Invoice id of an ACH invoice, else null. */
  invoiceId: string | null;
  /** The processor's charge id, else null. */
  chargeId: string | null;
  /** Cents applied to the order (before cashless-ATM rounding). */
  originalAmount: number;
  /** Taxes in cents, or null. */
  taxAmount: number | null;
  /** Tip in cents. */
  tipAmount: number;
  /** Fees in cents. */
  feeAmount: number;
  /** The processor's payment type, or null. */
  providerPaymentType: string | null;
  /** Direction of the money, or null. */
  paymentDirection: string | null;
  /** `sale`, `authorization` or `cash`. */
  providerTransType: string;
  /** The MSO entity id. */
  entityId: string;
  /** The customer of the payment event, or null. */
  customer: Customer | null;
  /** The processor's response code (`00` approved). */
  processorResponseCode: string;
  /** `approved`, `declined`, `canceled`, `error`. */
  processorResponseMessage: string;
  /** The processor's sentence. */
  processorResponseDetailMessage: string;
  /** The device configuration the payment ran through (UUID): the PIN pad, or the location's card-not-present or cash-drawer configuration. */
  paymentDeviceConfigurationId: string;
  /** Employee number of the initiating user. */
  employeeReferenceId: string;
  /** The staff user or partner that took the payment. */
  associateId: string;
  /** Associate id of the payment event, or null. */
  transactingAssociateId: string | null;
  /** `approved`, `canceled` (and `pending`, `declined`, `error`, `voided`, `refunded`). */
  status: 'pending' | 'approved' | 'declined' | 'error' | 'canceled' | 'voided' | 'refunded';
  /** The processor's reference number. */
  referenceNumber: string;
  /** The processor's id, or null for cash. */
  processorId: string | null;
  /** The processor's name (`sandbox`, `paynet`, `cash`). */
  processorName: string;
  /** The method used. */
  method: PaymentMethod;
  /** ISO 8601 UTC with milliseconds. */
  updatedAt: string;
  /** Cash back in cents (cashless ATM rounding). */
  cashbackAmount: number;
  /** The order's id, or null for a payment without an order. */
  ticketId: string | null;
  /** The order number, or null. */
  ticketAlphaNumId: string | null;
  /** The payment session (one payment event). */
  sessionId: string;
  /** `sale`, `authorize`, `capture`, `void`, `refund`, `cancel`. */
  lastActionTaken: string;
  /** Cents charged (originalAmount + tip + cashback). */
  chargedAmount: number;
  /** Cash handed over, in cents, or null. */
  tenderedAmount: number | null;
  /** Change due in cents (cash). */
  changeDue: number;
  /** Card brand, or null. */
  cardBrand: string | null;
  /** Last four digits of the card, or null. */
  cardLast4: string | null;
  /** False for an authorization not captured yet (ACH). */
  captured: boolean;
}

/** Fields every result envelope carries (spec 2.8). */
interface EnvelopeBase {
  /** The processor of the payment (empty when none was involved). */
  processorName: string;
  /** The method of the payment (empty when none was chosen). */
  paymentMethod: PaymentMethod | '';
}

/** The payment was approved. */
export interface PaymentApproved extends EnvelopeBase {
  /** Event type. */
  eventType: 'PAYMENT_APPROVED';
  /** "Payment approved", with change or cash back when there is some. */
  userMessage: string;
  /** The approved payment. */
  data: PaymentData;
}

/** The payment was canceled (the `cancel` event, the customer, the PIN pad or the paylink). */
export interface PaymentCanceled extends EnvelopeBase {
  /** Event type. */
  eventType: 'PAYMENT_CANCELED';
  /** "Payment canceled". */
  userMessage: string;
  /** The canceled payment. */
  data: PaymentData;
}

/** Declined, processor error, an invalid payment event, or a refused request. */
export interface PaymentError extends EnvelopeBase {
  /** Event type. */
  eventType: 'PAYMENT_ERROR';
  /** The reason; names the field and the rule when the payment event was invalid. */
  userMessage: string;
  /** Always empty. */
  data: Record<never, never>;
  /**
   * The refusal's figures in cents, when the service gave some: a payment over the order's balance
   * due (paid in part elsewhere meanwhile) says `balanceDue` and `requestedAmount`. Absent otherwise.
   */
  details?: { balanceDue?: number; requestedAmount?: number };
}

/** What the customer clicked: a method or "Others" (no userMessage). */
export interface PaymentOptionSelected extends EnvelopeBase {
  /** Event type. */
  eventType: 'PAYMENT_OPTION_SELECTED';
  /** `Credit`, `Debit`, `Rounded Debit` (ATM), `ACH`, `Cash` or `Others`. */
  data: { option: 'Credit' | 'Debit' | 'Rounded Debit' | 'ACH' | 'Cash' | 'Others' };
}

/** Everything `handlePaymentResponse` receives (spec 6). */
export type PaymentResponse = PaymentApproved | PaymentCanceled | PaymentError | PaymentOptionSelected;

/** The components `mount` can render. */
export type ComponentName = 'payment-options-banner';

/** Argument of the `mount` event. */
export interface MountEvent {
  /** The component to render. */
  component: ComponentName;
  /** Where to render it; the init element when omitted. */
  element?: HTMLElement;
}

/** Argument of the `unmount` event. */
export interface UnmountEvent {
  /** The component to remove. */
  component: ComponentName;
}

/** The `_servicepay` command function. It never throws: misuse is reported in the console. */
export interface ServicePay {
  /** Initializes the SDK; once per page (again only after the single-page-app teardown). */
  (command: 'init', options: InitOptions): void;
  /** Starts a payment; resend when the ticket changes. */
  (command: 'event', name: 'payment', event: PaymentEvent): void;
  /** `cancel`: cancels the ongoing payment (PAYMENT_CANCELED follows); `refresh`: reloads methods and processors. */
  (command: 'event', name: 'cancel' | 'refresh'): void;
  /** Renders an extra component. */
  (command: 'event', name: 'mount', args: MountEvent): void;
  /** Removes a mounted component. */
  (command: 'event', name: 'unmount', args: UnmountEvent): void;
  /** Commands the integrator's stub queued before the script loaded. */
  q?: ArrayLike<unknown>[];
}

declare global {
  /** The SDK's command function under its default instance name. */
  var _servicepay: ServicePay;
}
