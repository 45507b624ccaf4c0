import type { Bridge } from './bridge';
import type { Controller } from './payment-controller';
import type { WidgetState } from './widget-state';

/** What every screen reads and calls: the state, the controller and the loader link (main.ts makes them). */
export interface WidgetContext {
  state: WidgetState;
  controller: Controller;
  bridge: Bridge;
}
