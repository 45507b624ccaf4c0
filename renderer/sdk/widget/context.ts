import type { Bridge } from './bridge';
import type { Controller } from './payment-controller';
import type { WidgetState } from './widget-state';

/** What every screen reads and calls: the state, the controller and the loader link (main.ts makes them). */
export interface WidgetContext {
  state: WidgetState;
  controller: Controller;
  bridge: Bridge;
  /**
   * Starts the page's last payment event again (a new session after a cancel, or after it could not
   * start): with `keepMethod` false, from the choice of method even when the event named one.
   */
  restart(keepMethod: boolean): void;
}
