import { startLoader } from './stub';

/** The runtime's file name beside this script: vite.sdk.config.ts names it by its content's hash. */
declare const __SERVICEPAY_RUNTIME__: string;

/**
 * The `_servicepay` loader (spec 4.3), served at /sdk/servicepay.js and loaded by the integrator's
 * async script tag, whose id is the instance name. Nothing here may throw into the host page.
 */
try {
  startLoader(__SERVICEPAY_RUNTIME__);
} catch (error) {
  try {
    console.error('[_servicepay] the SDK could not start', error);
  } catch {
    // a page without a console
  }
}
