// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.test/checkout","settings":{"enableIframePageLoading":true,"fetch":{"virtualServers":[{"url":"https://pay.test/","directory":"tests/unit/renderer/sdk/fixtures/service-origin"}]}}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bootLoader,
  initOptions,
  nextFrameLoad,
  recordFrames,
  resetPage,
  say,
  sent,
  settled,
  until,
  widgetFrame,
} from './loader-harness';

/**
 * The widget's frame made before init where the browser moves frames without reloading them
 * (`moveBefore`, which happy-dom lacks: played here by a move that keeps the iframe element and,
 * as Chromium's, refuses to move between a page and what is not in it). happy-dom loads a moved
 * iframe's page again; Chromium's move does not, so the load that follows the move is not told.
 */
type Movable = { moveBefore?: (node: Node, child: Node | null) => void };
const proto = HTMLElement.prototype as unknown as Movable;

/** Drops the next load event of `iframe` (the reload happy-dom's insertBefore starts). */
function keepLoaded(iframe: HTMLIFrameElement): void {
  iframe.dispatchEvent = (event: Event) => {
    if (event.type !== 'load') return HTMLIFrameElement.prototype.dispatchEvent.call(iframe, event);
    delete (iframe as Partial<HTMLIFrameElement>).dispatchEvent;
    return true;
  };
}

beforeEach(() => {
  recordFrames();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  proto.moveBefore = function (this: HTMLElement, node: Node, child: Node | null) {
    if (this.isConnected !== node.isConnected) throw new DOMException('not in one page', 'HierarchyRequestError');
    const frames = node instanceof HTMLIFrameElement ? [node] : [...(node as Element).querySelectorAll('iframe')];
    this.insertBefore(node, child);
    frames.forEach(keepLoaded);
  };
});
afterEach(async () => {
  await resetPage();
  delete proto.moveBefore;
  vi.restoreAllMocks();
});

const container = () => document.getElementById('widget-_servicepay');

describe('the frame prepared before init', () => {
  it('loads hidden at the end of the body once the runtime runs, and sends nothing', async () => {
    const loaded = nextFrameLoad();
    await bootLoader();
    expect(container()!.parentElement).toBe(document.body);
    expect(container()!.hidden).toBe(true);
    // Its page loaded, and everything that follows from that done: still nothing sent before init.
    await loaded;
    await settled();
    expect(sent()).toEqual([]);
  });

  it('is moved into the init element, shown and initialized once', async () => {
    // Loaded before init, as a frame prepared while the shopper fills the cart is.
    const loaded = nextFrameLoad();
    const sdk = await bootLoader();
    await loaded;
    const iframe = widgetFrame();
    const ready = vi.fn();
    const options = initOptions({ onReady: ready, theme: { positionFixed: true } });
    sdk('init', options);
    expect(widgetFrame()).toBe(iframe);
    expect(container()!.parentElement).toBe(options.element);
    expect(container()!.hidden).toBe(false);
    expect(container()!.style.position).toBe('fixed');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    await until(() => sent('init').length === 1);
    say({ type: 'ready' });
    await until(() => ready.mock.calls.length === 1);
    expect(sent('init')).toHaveLength(1);
  });

  it('is not made when init was queued before the runtime ran', async () => {
    const options = initOptions();
    await bootLoader([['init', options]]);
    expect(container()!.parentElement).toBe(options.element);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('goes when init fails, as the widget of a failed init does', async () => {
    const sdk = await bootLoader();
    sdk('init', initOptions({ element: '#checkout' }));
    expect(container()).toBeNull();
    // A later init makes a frame of its own.
    sdk('init', initOptions());
    await until(() => sent('init').length === 1);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('is replaced by a new frame when the page removed it before init', async () => {
    const sdk = await bootLoader();
    const prepared = widgetFrame();
    container()!.remove();
    sdk('init', initOptions());
    expect(widgetFrame()).not.toBe(prepared);
    await until(() => sent('init').length === 1);
  });
});
