import type { WidgetState } from './widget-state';

/**
 * Who the customer pays, as the widget names it: the payment's own payee (its event's `entityName`,
 * as the service keeps it: the store's name where the POS and the pole display pay), else init's
 * `entityName`, else the configuration's. One name, whichever window shows the widget.
 */
export function payeeName(state: Pick<WidgetState, 'session' | 'entityName'>): string {
  return state.session?.entityName || state.entityName;
}
