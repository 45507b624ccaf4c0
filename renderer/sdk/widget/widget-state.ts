import { reactive } from 'vue';
import type { AvailableMethod, PaymentRecord, PaymentSession, PendingPayment } from '../../../shared/contracts/payment';
import type { WidgetOptions } from '../protocol';
import type { OfferedMethod } from './methods';

/** A result the widget shows until the next step: approved, declined, an error, canceled, or refused. */
export interface Outcome {
  kind: 'approved' | 'declined' | 'error' | 'canceled' | 'refused';
  title: string;
  message: string;
  record: PaymentRecord | null;
  /** The method that failed, so "Try again" can repeat it. */
  method: OfferedMethod | null;
}

/** Everything the widget's screens show, in one reactive object. */
export interface WidgetState {
  ready: boolean;
  /** Why the widget cannot work at all (not opened by the loader, init refused). */
  fatal: string | null;
  options: WidgetOptions | null;
  entityId: string;
  entityName: string;
  /** Methods of the configuration (before a payment; the banner and refresh use them). */
  configMethods: AvailableMethod[];
  session: PaymentSession | null;
  opening: boolean;
  chosen: OfferedMethod | null;
  /**
   * The method of the last payment asked for: a PIN pad's or a payment link's has no form, so
   * `chosen` stays null while it runs, and "Try again" after its decline repeats it from here.
   */
  attempted: OfferedMethod | null;
  othersOpen: boolean;
  outcome: Outcome | null;
  /** A line above the choice after a partial payment ("$10.00 paid. $5.00 left to pay."). */
  notice: string | null;
  /**
   * The amount (cents) the notice says is paid, when it tells of a part payment: the summary then
   * leaves out its "($10.00 paid)", which would say it again.
   */
  noticePaid: number | null;
  busy: boolean;
  /** The service's refusal of the last form, shown beside it. */
  formError: string | null;
  /**
   * Why the last cancel (the widget's Cancel or the host's `cancel`) was refused, shown beside the
   * Cancel or the payment under way until that payment ends or the widget starts over.
   */
  cancelRefusal: string | null;
  /** disablePaymentMethods `message`: the modal's method and text. */
  modal: { title: string; message: string } | null;
}

export function createState(): WidgetState {
  return reactive<WidgetState>({
    ready: false,
    fatal: null,
    options: null,
    entityId: '',
    entityName: '',
    configMethods: [],
    session: null,
    opening: false,
    chosen: null,
    attempted: null,
    othersOpen: false,
    outcome: null,
    notice: null,
    noticePaid: null,
    busy: false,
    formError: null,
    cancelRefusal: null,
    modal: null,
  });
}

/** The screen the widget shows, derived from its state. */
export type Screen =
  | { name: 'loading'; text: string }
  | { name: 'unavailable'; text: string }
  | { name: 'idle' }
  | { name: 'choose' }
  | { name: 'card' | 'cash' | 'pay-cashier'; method: OfferedMethod }
  | { name: 'pinpad' | 'paylink' | 'confirming'; pending: PendingPayment }
  | { name: 'result'; outcome: Outcome }
  | { name: 'paid' };

export function currentScreen(state: WidgetState): Screen {
  if (state.fatal) return { name: 'unavailable', text: state.fatal };
  if (!state.ready) return { name: 'loading', text: 'Loading payment options…' };
  if (state.opening) return { name: 'loading', text: 'Preparing the payment…' };
  if (state.outcome) return { name: 'result', outcome: state.outcome };
  const session = state.session;
  if (!session) return { name: 'idle' };
  if (session.status === 'completed') return { name: 'paid' };
  const pending = session.pending;
  if (pending?.stage === 'awaiting_device') return { name: 'pinpad', pending };
  if (pending?.stage === 'awaiting_customer') return { name: 'paylink', pending };
  if (pending) return { name: 'confirming', pending };
  const chosen = state.chosen;
  if (chosen?.entry === 'keyed') return { name: 'card', method: chosen };
  if (chosen?.entry === 'cash')
    return { name: state.options?.channel === 'pos' ? 'cash' : 'pay-cashier', method: chosen };
  return { name: 'choose' };
}
