import type { PaymentSession } from '../../../shared/contracts/payment';
import { ApiError } from '../../common/http';
import type { ToWidget, WidgetOptions, WidgetPaymentEvent } from '../protocol';
import type { Bridge } from './bridge';
import type { Controller } from './payment-controller';
import { applyTheme } from './theme';
import { debugLog, failureText, loadConfig } from './widget-config';
import type { WidgetApi } from './widget-api';
import type { WidgetState } from './widget-state';

/**
 * The widget's answers to the loader's messages: `init` (token, entity and options; `ready` or
 * `init-failed` back), a renewed `token`, the `payment`, `cancel` and `refresh` events. Answers how
 * to start the last payment event again (WidgetContext.restart).
 */
export function listenToLoader(
  bridge: Bridge,
  state: WidgetState,
  api: WidgetApi,
  controller: Controller,
): (keepMethod: boolean) => void {
  const log = debugLog(state, bridge);
  let lastEvent: WidgetPaymentEvent | undefined;

  async function init(token: string, entityId: string, options: WidgetOptions): Promise<void> {
    api.setToken(token);
    state.entityId = entityId;
    state.options = options;
    applyTheme(options);
    try {
      await loadConfig(state, api, bridge);
      state.ready = true;
      bridge.send({ type: 'ready' });
    } catch (error) {
      state.fatal = 'Payments are not available right now.';
      // The person paying reads the widget's words; the integrator's console also gets the service's
      // own sentence ("entityId is not the entity (organization) of your token"), which says what to fix.
      const reason = error instanceof ApiError ? error.message : undefined;
      bridge.send({ type: 'init-failed', message: failureText(error, options.channel), ...(reason ? { reason } : {}) });
    }
  }

  async function refresh(): Promise<void> {
    try {
      await loadConfig(state, api, bridge);
      const session = state.session;
      if (session?.status === 'open') {
        const answer = await api.get<{ session: PaymentSession }>(`/v2.0/payments/sessions/${session.sessionId}`);
        controller.update(answer.session);
      }
      log('info', 'payment methods reloaded');
    } catch (error) {
      log('error', `refresh failed: ${failureText(error)}`);
    }
  }

  bridge.onMessage((message: ToWidget) => {
    switch (message.type) {
      case 'init':
        // Once per widget: a second init (a reload of the frame starts a new widget) is ignored.
        if (!state.options) void init(message.token, message.entityId, message.options);
        return;
      case 'token':
        return api.setToken(message.token);
      case 'payment':
        lastEvent = message.event;
        return void controller.startPayment(message.event);
      case 'cancel':
        return void controller.cancel();
      case 'refresh':
        return void refresh();
      case 'show':
        return;
    }
  });

  return (keepMethod) => {
    if (!lastEvent) return;
    const { paymentMethod, ...rest } = lastEvent;
    void controller.startPayment(keepMethod && paymentMethod ? { ...rest, paymentMethod } : rest);
  };
}
