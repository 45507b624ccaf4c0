import type { BannerMethod, FromWidget, ToWidget, WidgetPaymentEvent } from '../protocol';
import { createBanner, type Banner } from './banner';
import { isObject, isString, shown, UUID } from './checks';
import { placeFrame, prepareFrame, type WidgetFrame } from './frame';
import { ask, ASK_TIMEOUT_MS, reason } from './integrator-calls';
import type { Logger } from './logger';
import { openOverlay, type PaylinkOverlay } from './overlay';
import type { InitConfig } from './validate-init';
import type { Handler } from './validate-payment';

/**
 * The PAYMENT_ERROR of a payment the widget could not take because it did not load (init failed):
 * in the words of the person paying; the console has the reason for the integrator.
 */
export const loadFailed = (said = 'Reload the page, then try again.') => ({
  eventType: 'PAYMENT_ERROR',
  userMessage: `The payment form could not load. ${said}`,
  processorName: '',
  paymentMethod: '',
  data: {},
});

/**
 * The PAYMENT_ERROR of a payment after init's options were refused: reloading cannot help, so the
 * integrator reads which option broke which rule (as an invalid payment event's names its field).
 */
export const initRefused = (broken: string) => ({
  eventType: 'PAYMENT_ERROR',
  userMessage: `The payment form could not load: init's options were refused: ${broken}.`,
  processorName: '',
  paymentMethod: '',
  data: {},
});

/** Why init stops at what getEntityId gave: what it must give, and what it gave. */
const NOT_AN_ENTITY = (id: unknown) =>
  `getEntityId must give your organization's UUID (the organizationId of your partner or login), such as ` +
  `"3f2c8a9e-6b1d-4c2e-9a7f-1d2e3f4a5b6c" (got ${shown(id)})`;

/** Where an instance stands: init not called, widget starting, ready, init failed, torn down. */
export type State = 'idle' | 'starting' | 'ready' | 'failed' | 'disposed';

/** One SDK instance as the command function drives it. */
export interface Instance {
  readonly name: string;
  readonly log: Logger;
  state: State;
  config: InitConfig | undefined;
  /** The rules init's options broke, when the last init was refused for them. */
  refusedInit: string | undefined;
  /** True once a payment event was sent (so `cancel` has something to cancel). */
  paying(): boolean;
  /** Starts the widget's frame before init where it can be moved into init's element later. */
  prepare(): void;
  start(config: InitConfig): void;
  /**
   * Init failed: logged, nothing of the widget stays on the page, init's onInitFailed is told, and a
   * payment event waiting for the widget gets its PAYMENT_ERROR (`said`: the widget's words for why,
   * when it gave some).
   */
  fail(why: string, said?: string): void;
  send(message: ToWidget): void;
  pay(event: WidgetPaymentEvent, handle: Handler): void;
  deliver(handle: Handler, envelope: unknown): void;
  mountBanner(target: HTMLElement | undefined): void;
  unmountBanner(): boolean;
  dispose(): void;
}

/**
 * Creates an instance (`_servicepay` or another name): the frame, the messages with the widget and
 * the integrator's callbacks. Messages are accepted only from the service's origin and our iframe.
 */
export function createInstance(name: string, origin: string, log: Logger): Instance {
  let frame: WidgetFrame | undefined;
  /** The frame's first load event. */
  let frameLoaded: Promise<void> | undefined;
  let outbox: ToWidget[] = [];
  let handle: Handler | undefined;
  let readyFired = false;
  let token = '';
  let entityId = '';
  let banner: Banner | undefined;
  let methods: BannerMethod[] | undefined;
  let overlay: PaylinkOverlay | undefined;
  let renewing = false;

  const post = (message: ToWidget) =>
    // The target origin is always named: a frame navigated elsewhere never receives the token.
    frame?.iframe.contentWindow?.postMessage({ servicepay: 1, instance: name, ...message }, origin);

  const postInit = () => {
    if (token && entityId && sdk.config) post({ type: 'init', token, entityId, options: sdk.config.widget });
  };

  const closeOverlay = () => {
    overlay?.close();
    overlay = undefined;
  };

  const stop = () => {
    window.removeEventListener('message', onMessage);
    closeOverlay();
    frame?.container.remove();
    frame = undefined;
    outbox = [];
  };

  /** Makes `own` the frame: its first load resolves `frameLoaded`; a later one is a reloaded widget. */
  const watch = (own: WidgetFrame) => {
    frame = own;
    let loads = 0;
    frameLoaded = new Promise((resolve) =>
      own.iframe.addEventListener('load', () => {
        if (loads++ === 0) return resolve();
        // A reloaded widget starts from scratch: it is initialized again and says ready again.
        if (sdk.state === 'ready') sdk.state = 'starting';
        postInit();
      }),
    );
  };

  const ready = () => {
    if (sdk.state !== 'starting') return;
    sdk.state = 'ready';
    outbox.splice(0).forEach(post);
    if (readyFired) return;
    readyFired = true;
    log.debug('ready');
    const onReady = sdk.config?.onReady;
    if (onReady) ask(onReady, 'onReady').catch((error: unknown) => log.error(reason(error)));
  };

  /** A token from authTokenFactory: at init, and again whenever the widget says it expired. */
  const fetchToken = () =>
    ask(sdk.config!.authTokenFactory, 'authTokenFactory', ASK_TIMEOUT_MS).then((fresh) =>
      isString(fresh) && fresh ? (token = fresh) : Promise.reject(new Error('authTokenFactory gave no token')),
    );

  const renewToken = () => {
    if (renewing) return;
    renewing = true;
    fetchToken()
      .then(() => post({ type: 'token', token }))
      .catch((error: unknown) => log.error(`token not renewed: ${reason(error)}`))
      .finally(() => (renewing = false));
  };

  const openPaylink = (url: string) => {
    // Only the service's own checkout page is ever shown over the host page.
    if (new URL(url).origin !== origin) return;
    closeOverlay();
    overlay = openOverlay(name, url);
  };

  const receive = (message: FromWidget) => {
    switch (message.type) {
      case 'ready':
        return ready();
      case 'init-failed': {
        const said = String(message.message);
        return sdk.fail(message.reason ? `${said} (the service answered: ${String(message.reason)})` : said, said);
      }
      case 'response':
        if (message.envelope.eventType !== 'PAYMENT_OPTION_SELECTED') closeOverlay();
        if (handle) sdk.deliver(handle, message.envelope);
        return;
      case 'token-expired':
        return renewToken();
      case 'resize':
        // The widget's content height; a full-screen widget keeps 100%.
        if (frame && !sdk.config?.widget.positionFixed && message.height > 0 && message.height < 10_000)
          frame.iframe.style.height = `${Math.ceil(message.height)}px`;
        return;
      case 'methods':
        methods = Array.isArray(message.methods) ? message.methods : [];
        return banner?.update(methods);
      case 'paylink-open':
        return openPaylink(String(message.url));
      case 'paylink-close':
        return closeOverlay();
      case 'log':
        return log[message.level === 'info' ? 'debug' : message.level](`widget: ${message.message}`);
    }
  };

  function onMessage(event: MessageEvent): void {
    try {
      const data: unknown = event.data;
      if (!frame || event.origin !== origin || event.source !== frame.iframe.contentWindow) return;
      if (!isObject(data) || data.servicepay !== 1 || data.instance !== name) return;
      // The page removed the widget (single-page-app teardown): this instance goes quiet for good.
      if (!frame.container.isConnected) return sdk.dispose();
      receive(data as unknown as FromWidget);
    } catch (error) {
      log.error('a message from the widget could not be handled', error);
    }
  }

  const sdk: Instance = {
    name,
    log,
    state: 'idle',
    config: undefined,
    refusedInit: undefined,
    paying: () => handle !== undefined,

    prepare() {
      if (frame || sdk.state !== 'idle') return;
      if (!document.body) return document.addEventListener('DOMContentLoaded', () => sdk.prepare(), { once: true });
      const prepared = prepareFrame(name, origin);
      if (prepared) watch(prepared);
    },

    start(config) {
      sdk.config = config;
      sdk.state = 'starting';
      log.debugEnabled = config.widget.debug;
      const prepared = frame;
      const own = placeFrame(prepared, {
        ...config,
        instance: name,
        serviceOrigin: origin,
        ...config.widget,
        visible: config.autoRender,
      });
      if (own !== prepared) watch(own);
      window.addEventListener('message', onMessage);
      // The token, the entity and the frame's load all at once: none waits for another.
      const entity = ask(config.getEntityId, 'getEntityId', ASK_TIMEOUT_MS).then((id) =>
        isString(id) && UUID.test(id) ? (entityId = id) : Promise.reject(new Error(NOT_AN_ENTITY(id))),
      );
      Promise.all([fetchToken(), entity, frameLoaded]).then(
        postInit,
        (error: unknown) => frame === own && sdk.fail(reason(error)),
      );
    },

    fail(why, said) {
      if (sdk.state === 'disposed') return;
      log.error(`init failed: ${why}`);
      stop();
      sdk.state = 'failed';
      // The page learns it where it waits (onReady never fires): init's onInitFailed (its options
      // accepted: refused ones are the console's), and its payment's callback.
      const failed = loadFailed(said);
      const told = sdk.refusedInit ? undefined : sdk.config?.onInitFailed;
      if (told)
        ask(() => told({ userMessage: failed.userMessage }), 'onInitFailed').catch((error: unknown) =>
          log.error(reason(error)),
        );
      if (handle) sdk.deliver(handle, failed);
      handle = undefined;
    },

    send(message) {
      if (sdk.state === 'ready') post(message);
      else outbox.push(message);
    },

    pay(event, callback) {
      handle = callback;
      if (frame?.container.hidden) {
        frame.container.hidden = false;
        sdk.send({ type: 'show' });
      }
      sdk.send({ type: 'payment', event });
    },

    deliver(callback, envelope) {
      ask(() => callback(envelope), 'handlePaymentResponse').catch((error: unknown) => log.error(reason(error)));
    },

    mountBanner(target) {
      banner?.element.remove();
      // By default above the widget, inside the init element.
      banner = createBanner(name, target ?? sdk.config!.element, target ? null : (frame?.container ?? null));
      if (methods) banner.update(methods);
    },

    unmountBanner() {
      const mounted = banner !== undefined;
      banner?.element.remove();
      banner = undefined;
      return mounted;
    },

    dispose() {
      stop();
      banner?.element.remove();
      banner = handle = undefined;
      sdk.state = 'disposed';
    },
  };
  return sdk;
}
