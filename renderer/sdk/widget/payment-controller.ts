import type { PayRequest, PayResponse, PaymentSession } from '../../../shared/contracts/payment';
import type { WidgetPaymentEvent } from '../protocol';
import { ApiError } from '../../common/http';
import type { PaymentResponse } from '../types/servicepay';
import type { Bridge } from './bridge';
import { optionOf, optionSelected, paymentError, type Option } from './envelopes';
import { newKey } from './keys';
import { offeredMethods, type OfferedMethod } from './methods';
import { createPaylinkDelivery } from './paylink-delivery';
import { createTracker, type LiveFollow } from './session-tracker';
import type { WidgetApi } from './widget-api';
import { cancelRefusalText, eventRefusalMessage } from './refusal-words';
import { debugLog, failureDetails, failureText, sessionRequest } from './widget-config';
import { PAID_TITLE } from './paid-elsewhere';
import { mayBeSettled, settledMeanwhile } from './attempt-end';
import type { WidgetState } from './widget-state';

/** What the screens (and the loader's messages) can ask for. */
export interface Controller {
  /** A method clicked (`clicked` false: chosen by the event's paymentMethod or "Try again"). */
  choose(method: OfferedMethod, clicked?: boolean): void;
  showOthers(): void;
  pay(method: OfferedMethod, extra?: Partial<PayRequest>): Promise<void>;
  cancel(): Promise<void>;
  tryAgain(): void;
  backToChoice(): void;
  reopenPaylink(url: string): void;
  /** The `payment` event: opens (or reuses) its session. */
  startPayment(event: WidgetPaymentEvent): Promise<void>;
  /** A newer view of the session (refresh). */
  update(session: PaymentSession): void;
}

/**
 * The widget's behaviour for one payment: opens its session, answers the customer's choices, talks
 * to the payment API and keeps the state the screens show. Every outcome reaches the integrator as
 * one envelope (spec 2.8, 6).
 */
export function createController(
  state: WidgetState,
  api: WidgetApi,
  bridge: Bridge,
  /** How the session's events are followed (the service's stream; a test gives its own). */
  follow?: LiveFollow,
): Controller {
  const emit = (envelope: PaymentResponse) => bridge.send({ type: 'response', envelope });
  const log = debugLog(state, bridge);
  const paylinks = createPaylinkDelivery(bridge);
  /** One key per attempt: a double click or a retry of the same attempt is answered, not charged again. */
  let attemptKey = newKey();
  const tracker = createTracker(state, api, paylinks, emit, () => (attemptKey = newKey()), follow);
  let lastEvent: WidgetPaymentEvent | undefined;
  /** The service's own reason, for the integrator's console (init's `debug`): people see it in words. */
  const logRefusal = (error: unknown) => {
    if (error instanceof ApiError) log('warn', `refused (${error.code}): ${error.message}`);
  };

  async function startPayment(event: WidgetPaymentEvent): Promise<void> {
    lastEvent = event;
    // A resend keeps the current screen until the answer says whether the session changed.
    state.opening = state.session === null;
    // A resend may reset the session followed now (a changed ticket): that cancel is this page's, silent.
    if (state.session) tracker.resending(true);
    try {
      const request = sessionRequest(state, event);
      const { session } = await api.post<{ session: PaymentSession }>('/v2.0/payments/sessions', request);
      if (lastEvent !== event) return;
      if (session.sessionId !== state.session?.sessionId) {
        // A new session (first event, or the ticket changed): the widget starts over.
        Object.assign(state, {
          chosen: null,
          attempted: null,
          othersOpen: false,
          outcome: null,
          notice: null,
          noticePaid: null,
          formError: null,
          cancelRefusal: null,
          modal: null,
        });
        attemptKey = newKey();
        tracker.follow(session);
        log('info', `payment session ${session.sessionId} opened`);
      } else {
        tracker.apply(session);
        log('info', `payment session ${session.sessionId} reused`);
      }
      const preselected =
        event.paymentMethod && methodsOf(session).find((m) => m.paymentMethod === event.paymentMethod);
      if (preselected && !session.pending && !state.chosen) controller.choose(preselected, false);
    } catch (error) {
      if (lastEvent !== event) return;
      tracker.stop();
      state.session = null;
      const said = failureText(error, state.options?.channel);
      state.outcome = {
        kind: 'refused',
        // A resend after the order was paid: the service refuses a sale on a fully paid order.
        title: /already paid/.test(said) ? PAID_TITLE : 'The payment could not start',
        message: said,
        record: null,
        method: null,
      };
      logRefusal(error);
      emit(paymentError(eventRefusalMessage(error, state.options?.channel), '', '', failureDetails(error)));
    } finally {
      if (lastEvent === event) {
        state.opening = false;
        tracker.resending(false);
      }
    }
  }

  const methodsOf = (session: PaymentSession) => offeredMethods(session.methods, state.options!);

  function select(option: Option, method: OfferedMethod | null): void {
    emit(optionSelected(option, method?.paymentMethod ?? '', method?.processorName ?? ''));
    const session = state.session;
    if (session)
      api
        .post(`/v2.0/payments/sessions/${session.sessionId}/select`, { option })
        .catch((error: unknown) => log('warn', failureText(error)));
  }

  /** A cancel asked while a payment's request is on its way (sent on its answer), and one on its way. */
  let cancelAsked = false;
  let cancelling = false;

  const controller: Controller = {
    choose(method, clicked = true) {
      if (clicked) select(optionOf(method.paymentMethod), method);
      if (method.disabledMessage) {
        state.modal = { title: method.label, message: method.disabledMessage };
        return;
      }
      if (method.unavailableReason) return;
      state.formError = null;
      state.notice = null;
      state.noticePaid = null;
      state.cancelRefusal = null;
      if (method.entry === 'pinpad' || method.entry === 'paylink') void controller.pay(method);
      else state.chosen = method;
    },
    showOthers() {
      state.othersOpen = true;
      select('Others', null);
    },
    async pay(method, extra = {}) {
      const session = state.session;
      if (!session || state.busy) return;
      state.busy = true;
      state.formError = null;
      state.attempted = method;
      tracker.attempt();
      const told = tracker.reports();
      try {
        const body: PayRequest = { paymentMethod: method.paymentMethod, ...extra };
        const answer = await api.post<PayResponse>(`/v2.0/payments/sessions/${session.sessionId}/payments`, body, {
          'idempotency-key': attemptKey,
        });
        tracker.apply(answer.session, answer.payment);
      } catch (error) {
        attemptKey = newKey();
        logRefusal(error);
        // No answer, or a refusal that may be the session's doing (a payment of another tab under
        // way, the session completed): how the session stands says first whether this is news.
        if (mayBeSettled(error) && (await settledMeanwhile(state, api, tracker, session.sessionId, told))) return;
        // A refused request (a bad card field, the order changed…): the form says why and stays.
        state.formError = failureText(error, state.options?.channel);
        emit(paymentError(state.formError, method.paymentMethod, method.processorName ?? '', failureDetails(error)));
        tracker.refused();
      } finally {
        state.busy = false;
        // A cancel that came while the payment was being asked for is sent now, on the answer: it
        // cancels, or is refused in words (the payment at the processor, already approved), never lost.
        if (cancelAsked) {
          cancelAsked = false;
          await controller.cancel();
        }
      }
    },
    async cancel() {
      const session = state.session;
      if (!session) return;
      if (state.busy) {
        // Only a payment's request waits for it; a cancel already on its way is not sent twice.
        if (!cancelling) cancelAsked = true;
        return;
      }
      state.busy = true;
      cancelling = true;
      state.cancelRefusal = null;
      try {
        const answer = await api.post<PayResponse>(`/v2.0/payments/sessions/${session.sessionId}/cancel`);
        tracker.apply(answer.session, answer.payment);
      } catch (error) {
        // Refused (the payment already at the processor, the order paid): the person at the widget
        // reads why where they pressed Cancel or watch the payment; the host gets its event as ever.
        const channel = state.options?.channel;
        state.cancelRefusal = cancelRefusalText(error, channel === 'ffd' || channel === 'ecommerce');
        logRefusal(error);
        emit(paymentError(failureText(error, channel)));
      } finally {
        state.busy = false;
        cancelling = false;
      }
    },
    tryAgain() {
      const method = state.outcome?.method;
      state.outcome = null;
      state.cancelRefusal = null;
      if (method) controller.choose(method, false);
    },
    backToChoice() {
      Object.assign(state, {
        outcome: null,
        chosen: null,
        attempted: null,
        formError: null,
        cancelRefusal: null,
        modal: null,
        notice: null,
        noticePaid: null,
      });
    },
    reopenPaylink: (url) => paylinks.reopen(url),
    startPayment,
    update: (session) => tracker.apply(session),
  };

  return controller;
}
