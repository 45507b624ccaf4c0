import type { ServicePay } from '../sdk/types/servicepay';

const INSTANCE = '_servicepay';

/**
 * Loads the `_servicepay` SDK the way the integration guide tells integrators to: the queue stub,
 * then the async script tag with id `_servicepay`. The POS, the pole display and the back office use
 * the SDK exactly like any integrator.
 */
export function loadServicePay(serviceUrl: string): ServicePay {
  if (!window._servicepay) {
    const queue: IArguments[] = [];
    const stub = function () {
      // eslint-disable-next-line prefer-rest-params -- the SDK's queue holds the arguments objects.
      queue.push(arguments);
    };
    window._servicepay = Object.assign(stub, { q: queue }) as unknown as ServicePay;
  }
  if (!document.getElementById(INSTANCE)) {
    const script = document.createElement('script');
    script.id = INSTANCE;
    script.async = true;
    script.src = `${serviceUrl}/sdk/servicepay.js`;
    document.head.append(script);
  }
  // Calls go through window._servicepay each time: the loader replaces the stub when it has loaded.
  const call = (...args: unknown[]) => (window._servicepay as unknown as (...a: unknown[]) => void)(...args);
  return call as unknown as ServicePay;
}

/** The single-page-app teardown of spec 4.3: init may run again afterwards. */
export function teardownServicePay(): void {
  document.getElementById(`widget-${INSTANCE}`)?.remove();
  document.getElementById(INSTANCE)?.remove();
  Reflect.deleteProperty(window, `loaded-${INSTANCE}`);
  Reflect.deleteProperty(window, INSTANCE);
}
