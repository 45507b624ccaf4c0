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

export function createFrame({
  element,
  instance,
  serviceOrigin,
  positionFixed,
  colors,
  visible,
}: FrameOptions): WidgetFrame {
  const doc = element.ownerDocument;
  const container = doc.createElement('div');
  container.id = `widget-${instance}`;
  container.className = 'servicepay-widget';
  // theme.positionFixed: the widget fills the viewport above the page (pole displays).
  // The colour was validated as a hex colour (validate-init.ts), so it is safe in cssText.
  if (positionFixed) {
    container.style.cssText = `position:fixed;inset:0;z-index:2147483000;background:${colors.background ?? '#fff'}`;
  }
  container.hidden = !visible;
  const iframe = doc.createElement('iframe');
  iframe.src = `${serviceOrigin}/sdk/widget/${WIDGET_PAGE}#instance=${encodeURIComponent(instance)}&origin=${encodeURIComponent(location.origin)}`;
  iframe.title = 'Payment';
  iframe.style.cssText = `display:block;width:100%;border:0;height:${positionFixed ? '100%' : '320px'}`;
  container.appendChild(iframe);
  element.appendChild(container);
  return { container, iframe };
}
