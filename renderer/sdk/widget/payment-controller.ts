import type {
  PayRequest,
  PayResponse,
  PaymentConfig,
  PaymentSession,
  SessionRequest,
} from '../../../shared/contracts/payment';
import { ApiError } from '../../common/http';
import type { ToWidget, WidgetPaymentEvent } from '../protocol';
import type { PaymentResponse } from '../types/servicepay';
import type { Bridge } from './bridge';
import { optionOf, optionSelected, paymentError, type Option } from './envelopes';
import { newKey } from './keys';
import { offeredMethods, type OfferedMethod } from './methods';
import { createPaylinkDelivery } from './paylink-delivery';
import { createTracker } from './session-tracker';
import type { WidgetApi } from './widget-api';
import type { WidgetState } from './widget-state';

/** What the screens can ask for. */
export interface Controller {
  choose(method: OfferedMethod): void;
  showOthers(): void;
  pay(method: OfferedMethod, extra?: Partial<PayRequest>): Promise<void>;
  cancel(): Promise<void>;
  tryAgain(): void;
  backToChoice(): void;
  reopenPaylink(url: string): void;
}

const message = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/**
 * The widget's behaviour: answers the loader's messages, talks to the payment API and keeps the
 * state the screens show. Every outcome reaches the integrator as one envelope (spec 2.8, 6).
 */
export function createController(
  state: WidgetState,
  api: WidgetApi,
  bridge: Bridge,
): Controller & { receive(message: ToWidget): void } {
  const emit = (envelope: PaymentResponse) => bridge.send({ type: 'response', envelope });
  const log = (level: 'info' | 'warn' | 'error', text: string) => {
    if (state.options?.debug) bridge.send({ type: 'log', level, message: text });
  };
  const paylinks = createPaylinkDelivery(bridge);
  /** One key per attempt: a double click or a retry of the same attempt is answered, not charged again. */
  let attemptKey = newKey();
  const tracker = createTracker(state, api, paylinks, emit, () => (attemptKey = newKey()));
  let lastEvent: WidgetPaymentEvent | undefined;

  async function loadConfig(): Promise<void> {
    const options = state.options!;
    const query = new URLSearchParams({ entityId: state.entityId, channel: options.channel });
    if (options.locationId) query.set('locationId', options.locationId);
    const config = await api.get<PaymentConfig>(`/v2.0/payments/config?${query}`);
    state.configMethods = config.methods;
    state.entityName = options.entityName ?? config.entityName;
    const methods = offeredMethods(config.methods, options).map(({ paymentMethod, label }) => ({
      paymentMethod,
      label,
    }));
    bridge.send({ type: 'methods', methods });
    for (const rule of options.disablePaymentMethods)
      if (rule.action === 'message' && options.channel !== 'ecommerce')
        log(
          'info',
          `${rule.paymentMethod} is hidden: disablePaymentMethods "message" works in the ecommerce channel only`,
        );
  }

  async function init(token: string, entityId: string, options: NonNullable<WidgetState['options']>): Promise<void> {
    api.setToken(token);
    state.entityId = entityId;
    state.options = options;
    try {
      await loadConfig();
      state.ready = true;
      bridge.send({ type: 'ready' });
    } catch (error) {
      state.fatal = 'Payments are not available right now.';
      bridge.send({ type: 'init-failed', message: message(error) });
    }
  }

  function sessionRequest(event: WidgetPaymentEvent): SessionRequest {
    const options = state.options!;
    const { paymentMethod: _preselected, ...fields } = event;
    return {
      ...fields,
      entityId: state.entityId,
      channel: options.channel,
      ...(options.dispensaryShortName ? { dispensaryShortName: options.dispensaryShortName } : {}),
      entityName: event.entityName ?? options.entityName,
      locationId: event.locationId ?? options.locationId,
    };
  }

  async function startPayment(event: WidgetPaymentEvent): Promise<void> {
    lastEvent = event;
    // A resend keeps the current screen until the answer says whether the session changed.
    state.opening = state.session === null;
    try {
      const { session } = await api.post<{ session: PaymentSession }>('/v2.0/payments/sessions', sessionRequest(event));
      if (lastEvent !== event) return;
      if (session.sessionId !== state.session?.sessionId) {
        // A new session (first event, or the ticket changed): the widget starts over.
        Object.assign(state, {
          chosen: null,
          othersOpen: false,
          outcome: null,
          notice: null,
          formError: null,
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
      state.outcome = {
        kind: 'refused',
        // A resend after the order was paid: the service refuses a sale on a fully paid order.
        title: /already paid/.test(message(error)) ? 'This order is already paid' : 'The payment could not start',
        message: message(error),
        record: null,
        method: null,
      };
      emit(paymentError(message(error)));
    } finally {
      if (lastEvent === event) state.opening = false;
    }
  }

  const methodsOf = (session: PaymentSession) => offeredMethods(session.methods, state.options!);

  function select(option: Option, method: OfferedMethod | null): void {
    emit(optionSelected(option, method?.paymentMethod ?? '', method?.processorName ?? ''));
    const session = state.session;
    if (session)
      api
        .post(`/v2.0/payments/sessions/${session.sessionId}/select`, { option })
        .catch((error: unknown) => log('warn', message(error)));
  }

  const controller: Controller & {
    receive(message: ToWidget): void;
    choose(method: OfferedMethod, clicked?: boolean): void;
  } = {
    choose(method, clicked = true) {
      if (clicked) select(optionOf(method.paymentMethod), method);
      if (method.disabledMessage) {
        state.modal = { title: method.label, message: method.disabledMessage };
        return;
      }
      if (method.unavailableReason) return;
      state.formError = null;
      state.notice = null;
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
      try {
        const body: PayRequest = { paymentMethod: method.paymentMethod, ...extra };
        const answer = await api.post<PayResponse>(`/v2.0/payments/sessions/${session.sessionId}/payments`, body, {
          'idempotency-key': attemptKey,
        });
        tracker.apply(answer.session, answer.payment);
      } catch (error) {
        // A refused request (a bad card field, the order changed…): the form says why and stays.
        state.formError = message(error);
        attemptKey = newKey();
        emit(paymentError(message(error), method.paymentMethod, method.processorName ?? ''));
      } finally {
        state.busy = false;
      }
    },
    async cancel() {
      const session = state.session;
      if (!session || state.busy) return;
      state.busy = true;
      try {
        const answer = await api.post<PayResponse>(`/v2.0/payments/sessions/${session.sessionId}/cancel`);
        tracker.apply(answer.session, answer.payment);
      } catch (error) {
        emit(paymentError(message(error)));
      } finally {
        state.busy = false;
      }
    },
    tryAgain() {
      const method = state.outcome?.method;
      state.outcome = null;
      if (method) controller.choose(method, false);
    },
    backToChoice() {
      Object.assign(state, { outcome: null, chosen: null, formError: null, modal: null, notice: null });
    },
    reopenPaylink: (url) => paylinks.reopen(url),
    receive(msg) {
      switch (msg.type) {
        case 'init':
          if (!state.options) void init(msg.token, msg.entityId, msg.options);
          return;
        case 'token':
          return api.setToken(msg.token);
        case 'payment':
          return void startPayment(msg.event);
        case 'cancel':
          return void controller.cancel();
        case 'refresh':
          return void refresh();
        case 'show':
          return;
      }
    },
  };

  async function refresh(): Promise<void> {
    try {
      await loadConfig();
      const session = state.session;
      if (session?.status === 'open') {
        const answer = await api.get<{ session: PaymentSession }>(`/v2.0/payments/sessions/${session.sessionId}`);
        tracker.apply(answer.session);
      }
      log('info', 'payment methods reloaded');
    } catch (error) {
      log('error', `refresh failed: ${message(error)}`);
    }
  }

  return controller;
}
