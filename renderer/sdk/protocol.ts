import type { Channel, DisablePaymentMethod, PaymentMethod, PaymentResponse } from './types/servicepay';

/**
 * The messages between the loader (host page) and the widget iframe (docs/payments.md, "Loader ↔
 * widget messages"). Types only: both bundles stay free of shared code they do not need.
 */

/** Every message carries this tag and the instance name, so other postMessage traffic is ignored. */
export interface MessageBase {
  servicepay: 1;
  instance: string;
}

/** What the widget needs of the init options. */
export interface WidgetOptions {
  channel: Channel;
  debug: boolean;
  dispensaryShortName?: string;
  entityName?: string;
  locationId?: string | null;
  disablePaymentMethods: DisablePaymentMethod[];
  paylinkDeliveryMethod: 'redirect' | 'iframe';
  /** theme.positionFixed: full screen, large type. */
  positionFixed: boolean;
  /** theme.colors, validated hex colours. */
  colors: Partial<Record<ThemeColor, string>>;
}

/** The colours a theme may set (theme.colors). */
export const THEME_COLORS = [
  'background',
  'surface',
  'text',
  'mutedText',
  'border',
  'accent',
  'accentText',
  'danger',
] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];

/** The payment event as sent to the widget: spec 2.5 without its callback. */
export interface WidgetPaymentEvent {
  originalAmount: number;
  ticketAlphaNumId?: string;
  ticketId?: string;
  employeeReferenceId?: string;
  transactingAssociateId?: string;
  customer?: { id?: string; firstName: string; lastName: string; phone: string; email: string };
  tip?: number;
  taxes?: number;
  discount?: number;
  rewardDollars?: number;
  locationId?: string | null;
  processorName?: string | null;
  referenceNumber?: string;
  entityName?: string;
  paymentMethod?: PaymentMethod;
}

/** Loader → widget. */
export type ToWidget =
  | { type: 'init'; token: string; entityId: string; options: WidgetOptions }
  | { type: 'payment'; event: WidgetPaymentEvent }
  | { type: 'cancel' | 'refresh' | 'show' }
  | { type: 'token'; token: string };

/** A method as the payment-options banner lists it. */
export interface BannerMethod {
  paymentMethod: PaymentMethod;
  label: string;
}

/** Widget → loader. */
export type FromWidget =
  | { type: 'ready' | 'token-expired' }
  /** `message`: the words of who is at the widget; `reason`: the service's own sentence, for the console. */
  | { type: 'init-failed'; message: string; reason?: string }
  | { type: 'response'; envelope: PaymentResponse }
  | { type: 'resize'; height: number }
  | { type: 'paylink-open'; url: string }
  | { type: 'paylink-close' }
  | { type: 'methods'; methods: BannerMethod[] }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };

/** A message on the wire. */
export type Wire<T> = MessageBase & T;
