import { createWidget } from './app';
import { createBridge } from './bridge';
import { listenToLoader } from './loader-link';
import { createController } from './payment-controller';
import { createWidgetApi } from './widget-api';
import { createState } from './widget-state';
import './widget.css';
import './screens.css';

/**
 * The payment widget, framed by the `_servicepay` loader from the service's origin. It listens to
 * the loader from the first moment (before the frame's load event) so `init` is never missed.
 */
const bridge = createBridge(location, window.parent, window);
if (bridge) {
  const state = createState();
  const api = createWidgetApi(() => bridge.send({ type: 'token-expired' }));
  const controller = createController(state, api, bridge);
  const restart = listenToLoader(bridge, state, api, controller);
  document.getElementById('app')!.append(createWidget({ state, controller, bridge, restart }));
} else {
  // Opened directly, not by the loader: say what this page is and do nothing else.
  document.getElementById('app')!.textContent =
    'This is the ServicePay payment widget. It opens inside a store page through the _servicepay script.';
}
