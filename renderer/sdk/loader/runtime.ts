import { boot } from './boot';
import { RUNTIME, type Runtime } from './runtime-script';

/**
 * The SDK's runtime (/sdk/servicepay-runtime-<hash>.js, cached for good under its versioned name):
 * validation, the widget frame, its messages, the overlay and the banner. The loader injects it once
 * per page and calls `boot` for each instance; nothing here may throw into the host page.
 */
const runtime: Runtime = {
  boot(name, src) {
    try {
      boot(name, src);
    } catch (error) {
      try {
        console.error(`[${name}] the SDK could not start`, error);
      } catch {
        // a page without a console
      }
    }
  },
};
(window as unknown as Record<symbol, Runtime>)[RUNTIME] = runtime;
