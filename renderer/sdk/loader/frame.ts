/**
 * The widget's container (`widget-<instance>`) and its iframe, served from the service's origin so
 * card data never touches the host page. Styles are set through the CSSOM (`style.cssText`), which a
 * host page's CSP without 'unsafe-inline' still allows.
 */

/**
 * The widget's page under its versioned name (vite.sdk.config.ts: `page-<hash>.html`, cached for
 * good, so that an init frames it from the browser's cache); unbuilt (unit tests), its index.
 */
declare const __SERVICEPAY_WIDGET__: string | undefined;
const WIDGET_PAGE = typeof __SERVICEPAY_WIDGET__ === 'string' ? __SERVICEPAY_WIDGET__ : '';

/** The container and iframe of one instance. */
export interface WidgetFrame {
  container: HTMLElement;
  iframe: HTMLIFrameElement;
}

/** What the frame needs of the instance and its options. */
export interface FrameOptions {
  element: HTMLElement;
  instance: string;
  serviceOrigin: string;
  positionFixed: boolean;
  /** theme.colors: the full-screen container takes the theme's background, so no white flashes. */
  colors: { background?: string };
  visible: boolean;
}

/** The container and its iframe, which starts loading the widget once the container is in a page. */
function newFrame(doc: Document, instance: string, serviceOrigin: string): WidgetFrame {
  const container = doc.createElement('div');
  container.id = `widget-${instance}`;
  container.className = 'servicepay-widget';
  const iframe = doc.createElement('iframe');
  iframe.src = `${serviceOrigin}/sdk/widget/${WIDGET_PAGE}#instance=${encodeURIComponent(instance)}&origin=${encodeURIComponent(location.origin)}`;
  iframe.title = 'Payment';
  container.appendChild(iframe);
  return { container, iframe };
}

/** Gives the container and iframe init's look: in the page's flow, or full screen. */
function style({ container, iframe }: WidgetFrame, { positionFixed, colors, visible }: FrameOptions): void {
  // theme.positionFixed: the widget fills the viewport above the page (pole displays).
  // The colour was validated as a hex colour (validate-init.ts), so it is safe in cssText.
  container.style.cssText = positionFixed
    ? `position:fixed;inset:0;z-index:2147483000;background:${colors.background ?? '#fff'}`
    : '';
  container.hidden = !visible;
  // In the page's flow the widget takes the element's width up to its own 36 rem (576 px: the
  // widget's rem is 16 px), so its background and its modal stay with its content on a wide page.
  iframe.style.cssText = `display:block;width:100%;border:0;${positionFixed ? 'height:100%' : 'max-width:576px;height:320px'}`;
}

/**
 * Starts the widget before init, hidden at the end of the page's body, where the browser can move
 * an element without reloading its iframes (`moveBefore`, Chrome and Edge since 133): init then
 * moves it, loaded, into its element (placeFrame), and the frame's document is no longer made while
 * the customer waits. Elsewhere (or without a body yet) nothing is made before init.
 */
export function prepareFrame(instance: string, serviceOrigin: string): WidgetFrame | undefined {
  const body = document.body as (HTMLElement & { moveBefore?: unknown }) | null;
  if (!body || typeof body.moveBefore !== 'function') return undefined;
  const frame = newFrame(document, instance, serviceOrigin);
  frame.container.hidden = true;
  body.appendChild(frame.container);
  return frame;
}

/**
 * The frame of init in `element`: the prepared one moved there with its document (its `load` has
 * fired or will, once), else a new one (whose load is still to come).
 */
export function placeFrame(prepared: WidgetFrame | undefined, options: FrameOptions): WidgetFrame {
  if (prepared) {
    try {
      // Throws when the frame can no longer be moved (the page removed it, or another document).
      options.element.moveBefore(prepared.container, null);
      style(prepared, options);
      return prepared;
    } catch {
      prepared.container.remove();
    }
  }
  const frame = newFrame(options.element.ownerDocument, options.instance, options.serviceOrigin);
  style(frame, options);
  options.element.appendChild(frame.container);
  return frame;
}
