import { isElement, isObject, shown } from './checks';
import { initRefused, loadFailed, type Instance } from './instance';
import { validateInit } from './validate-init';
import { validatePayment, type Handler } from './validate-payment';

const COMPONENTS = ['payment-options-banner'];

/** The envelope of a payment event the page got wrong (spec 7.3): PAYMENT_ERROR, data `{}`. */
function invalidEvent(userMessage: string) {
  return { eventType: 'PAYMENT_ERROR', userMessage, processorName: '', paymentMethod: '', data: {} };
}

function init(sdk: Instance, options: unknown): void {
  if (sdk.state === 'starting' || sdk.state === 'ready') {
    sdk.log.error('init was already called (once per page; tear the SDK down to init again)');
    return;
  }
  const checked = validateInit(options);
  sdk.refusedInit = 'error' in checked ? checked.error : undefined;
  if ('error' in checked) return sdk.fail(checked.error);
  checked.warnings.forEach((warning) => sdk.log.warn(warning));
  sdk.start(checked.config);
}

function payment(sdk: Instance, event: unknown): void {
  const checked = validatePayment(event, sdk.config!.widget.channel);
  if ('error' in checked) {
    if (checked.handle) sdk.deliver(checked.handle, invalidEvent(checked.error));
    else sdk.log.error(`payment event refused: ${checked.error}`);
    return;
  }
  // Allowed (a plain charge, docs/payments.md "Sessions"), but seldom what a shop means.
  if (sdk.config!.widget.channel === 'ecommerce' && checked.event.ticketAlphaNumId === undefined)
    sdk.log.warn(
      'payment event without ticketAlphaNumId in the ecommerce channel: the card is charged against no order (a plain charge); pass the order number to pay an order',
    );
  sdk.pay(checked.event, checked.handle);
}

function component(sdk: Instance, args: unknown, event: 'mount' | 'unmount'): void {
  if (!isObject(args) || !COMPONENTS.includes(args.component as string)) {
    sdk.log.error(`${event}: component must be "payment-options-banner"`);
    return;
  }
  if (event === 'unmount') {
    if (!sdk.unmountBanner()) sdk.log.warn('unmount: payment-options-banner is not mounted');
    return;
  }
  if (args.element !== undefined && !isElement(args.element)) {
    sdk.log.error('mount: element must be an HTML element');
    return;
  }
  sdk.mountBanner(args.element);
}

/**
 * A payment event after init failed: init is tried again with its options, the event waiting for
 * the widget (its PAYMENT_ERROR if init fails again); init's options were refused: at once.
 */
function payAfterFailure(sdk: Instance, args: unknown): void {
  if (sdk.config) {
    sdk.log.warn('init failed earlier: trying again for this payment');
    sdk.start(sdk.config);
    return payment(sdk, args);
  }
  sdk.log.error('event "payment" ignored: init failed');
  if (isObject(args) && typeof args.handlePaymentResponse === 'function')
    sdk.deliver(args.handlePaymentResponse as Handler, sdk.refusedInit ? initRefused(sdk.refusedInit) : loadFailed());
}

function event(sdk: Instance, name: unknown, args: unknown): void {
  if (sdk.state === 'failed' && name === 'payment') return payAfterFailure(sdk, args);
  if (sdk.state === 'idle' || sdk.state === 'failed') {
    sdk.log.error(`event ${shown(name)} ignored: ${sdk.state === 'idle' ? 'call init first' : 'init failed'}`);
    // A payment is answered all the same (spec 7.2): the page waiting on its callback hears it failed.
    if (name === 'payment' && isObject(args) && typeof args.handlePaymentResponse === 'function')
      sdk.deliver(args.handlePaymentResponse as Handler, loadFailed());
    return;
  }
  switch (name) {
    case 'payment':
      return payment(sdk, args);
    case 'cancel':
      if (!sdk.paying()) return sdk.log.warn('cancel: no payment to cancel');
      return sdk.send({ type: 'cancel' });
    case 'refresh':
      return sdk.send({ type: 'refresh' });
    case 'mount':
    case 'unmount':
      return component(sdk, args, name);
    default:
      sdk.log.error(`unknown event ${shown(name)}: use payment, cancel, refresh, mount or unmount`);
  }
}

/** Runs one command of the page. Nothing thrown here may reach the page: misuse is logged. */
export function runCommand(sdk: Instance, args: ArrayLike<unknown>): void {
  try {
    if (sdk.state === 'disposed') return;
    const [command, first, second] = Array.from(args);
    if (command === 'init') init(sdk, first);
    else if (command === 'event') event(sdk, first, second);
    else sdk.log.error(`unknown command ${shown(command)}: use 'init' or 'event'`);
  } catch (error) {
    sdk.log.error('the command could not be run', error);
  }
}
