import type { PaymentConfig, SessionRequest } from '../../../shared/contracts/payment';
import type { FailureDetails } from '../../../shared/errors';
import { ApiError } from '../../common/http';
import type { WidgetPaymentEvent } from '../protocol';
import type { Bridge } from './bridge';
import { offeredMethods } from './methods';
import { refusalText } from './refusal-words';
import type { WidgetApi } from './widget-api';
import type { WidgetState } from './widget-state';

/** A failure in the customer's or cashier's words (refusal-words.ts). */
export const failureText = refusalText;

/**
 * A refusal's figures (the failure body's `details`), passed on to the integrator with its sentence:
 * `balanceDue` and `requestedAmount`, as documented. What the widget's own words read besides
 * (`paid`, `total`) is not passed on: the pole display hands `details` to its register, whose
 * contract takes those two alone.
 */
export function failureDetails(error: unknown): FailureDetails | undefined {
  if (!(error instanceof ApiError) || !error.details) return undefined;
  const { balanceDue, requestedAmount } = error.details;
  return {
    ...(balanceDue !== undefined ? { balanceDue } : {}),
    ...(requestedAmount !== undefined ? { requestedAmount } : {}),
  };
}

/** Debug logging through the loader's console (only with init's `debug`). */
export function debugLog(state: WidgetState, bridge: Bridge) {
  return (level: 'info' | 'warn' | 'error', message: string) => {
    if (state.options?.debug) bridge.send({ type: 'log', level, message });
  };
}

/**
 * Loads the methods of the configuration (spec 4.3 filtering on the service, then init's
 * disablePaymentMethods here) and hands their labels to the loader for the options banner.
 */
export async function loadConfig(state: WidgetState, api: WidgetApi, bridge: Bridge): Promise<void> {
  const options = state.options!;
  const query = new URLSearchParams({ entityId: state.entityId, channel: options.channel });
  if (options.locationId) query.set('locationId', options.locationId);
  const config = await api.get<PaymentConfig>(`/v2.0/payments/config?${query}`);
  state.configMethods = config.methods;
  state.entityName = options.entityName ?? config.entityName;
  // The banner names what the customer can pay with: not a method kept only to show its `message`.
  const methods = offeredMethods(config.methods, options)
    .filter((method) => !method.disabledMessage)
    .map(({ paymentMethod, label }) => ({ paymentMethod, label }));
  bridge.send({ type: 'methods', methods });
  const log = debugLog(state, bridge);
  for (const rule of options.disablePaymentMethods)
    if (rule.action === 'message' && options.channel !== 'ecommerce')
      log(
        'info',
        `${rule.paymentMethod} is hidden: disablePaymentMethods "message" works in the ecommerce channel only`,
      );
}

/** The session request of a payment event: the event's fields and what init said. */
export function sessionRequest(state: WidgetState, event: WidgetPaymentEvent): SessionRequest {
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
