import { inject, type InjectionKey } from 'vue';
import type { Bridge } from './bridge';
import type { Controller } from './payment-controller';
import type { WidgetState } from './widget-state';

/** What every screen reads and calls: the state and the controller, provided once by main.ts. */
export interface WidgetContext {
  state: WidgetState;
  controller: Controller;
  bridge: Bridge;
}

export const WIDGET: InjectionKey<WidgetContext> = Symbol('servicepay-widget');

export function useWidget(): WidgetContext {
  const context = inject(WIDGET);
  if (!context) throw new Error('useWidget() outside the widget app');
  return context;
}
