import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { app, display, fake, type FakeBrowserWindow } from '../../support/fake-electron.js';
import { testContext } from './shell-context.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

const { openTerminalWindows } = await import('../../../electron/app/terminal-windows.js');

const customerScreen = display(2, 1920, 1280, 1024);
const titled = (title: string) => fake.windows.filter((win) => win.options.title === title);
const open = (title: string) => titled(title).filter((win) => !win.isDestroyed());
const pole = (): FakeBrowserWindow => {
  const [win, ...more] = open('ServicePay customer display');
  expect(more).toEqual([]);
  return win!;
};

describe('terminal windows on one, two and changing displays', () => {
  beforeEach(() => {
    fake.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('one display: POS fills it, the pole display is a framed movable window with the terminal id', () => {
    openTerminalWindows(testContext(), false);
    const [pos] = open('ServicePay POS');
    expect(pos!.bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
    expect(pos!.loadedUrl).toBe('http://127.0.0.1:4610/pos/?terminal=front-1');
    expect(pole().options).toMatchObject({ frame: true, fullscreen: false, movable: true });
    expect(pole().bounds).toEqual({ x: 896, y: 136, width: 1024, height: 768 });
    expect(pole().loadedUrl).toBe('http://127.0.0.1:4610/display/?terminal=front-1');
    expect(pole().menuRemoved).toBe(true);
  });

  it('two displays: the pole display is frameless and full screen on the secondary display', () => {
    fake.displays = [display(1), customerScreen];
    openTerminalWindows(testContext({ terminalId: 'lane-2' }), false);
    expect(pole().options).toMatchObject({ frame: false, fullscreen: true, skipTaskbar: true });
    expect(pole().bounds).toEqual(customerScreen.bounds);
    expect(pole().loadedUrl).toBe('http://127.0.0.1:4610/display/?terminal=lane-2');
  });

  it('plugging in a customer screen moves the pole display there, full screen, after the events settle', () => {
    openTerminalWindows(testContext(), false);
    const before = pole();
    fake.setDisplays([display(1), customerScreen], 'display-added');
    fake.setDisplays([display(1), customerScreen], 'display-metrics-changed');
    expect(pole()).toBe(before); // nothing yet: a plug sends a burst of events
    vi.advanceTimersByTime(300);
    expect(before.isDestroyed()).toBe(true);
    expect(pole().options).toMatchObject({ frame: false, fullscreen: true });
    expect(pole().bounds).toEqual(customerScreen.bounds);
    expect(open('ServicePay POS')).toHaveLength(1);
    expect(titled('ServicePay customer display')).toHaveLength(2); // one replaced, not a stream of windows
  });

  it('unplugging the customer screen brings the pole display back as a window on the primary display', () => {
    fake.displays = [display(1), customerScreen];
    openTerminalWindows(testContext(), false);
    fake.setDisplays([display(1)], 'display-removed');
    vi.advanceTimersByTime(300);
    expect(pole().options).toMatchObject({ frame: true, fullscreen: false });
    expect(pole().bounds).toEqual({ x: 896, y: 136, width: 1024, height: 768 });
  });

  it('a resolution change of the customer screen resizes the full-screen window in place', () => {
    fake.displays = [display(1), customerScreen];
    openTerminalWindows(testContext(), false);
    const win = pole();
    const smaller = display(2, 1920, 1024, 768);
    fake.setDisplays([display(1), smaller], 'display-metrics-changed');
    vi.advanceTimersByTime(300);
    expect(pole()).toBe(win);
    expect(win.bounds).toEqual(smaller.bounds);
    expect(win.isFullScreen()).toBe(true);
  });

  it('a movable pole window stays where the cashier put it unless its screen goes away', () => {
    openTerminalWindows(testContext(), false);
    const win = pole();
    win.setBounds({ x: 100, y: 50, width: 900, height: 700 });
    fake.setDisplays([display(1, 0, 1920, 1000)], 'display-metrics-changed'); // taskbar moved
    vi.advanceTimersByTime(300);
    expect(win.bounds).toEqual({ x: 100, y: 50, width: 900, height: 700 });
    win.setBounds({ x: 2500, y: 0, width: 900, height: 700 }); // dragged to a screen since unplugged
    fake.setDisplays([display(1)], 'display-removed');
    vi.advanceTimersByTime(300);
    expect(win.bounds).toEqual({ x: 896, y: 136, width: 1024, height: 768 });
  });

  it('a pole window the cashier closed stays closed, until a customer screen is plugged in', () => {
    openTerminalWindows(testContext(), false);
    pole().close();
    fake.setDisplays([display(1, 0, 1920, 1000)], 'display-metrics-changed');
    vi.advanceTimersByTime(300);
    expect(open('ServicePay customer display')).toEqual([]);
    fake.setDisplays([display(1), customerScreen], 'display-added');
    vi.advanceTimersByTime(300);
    expect(pole().bounds).toEqual(customerScreen.bounds);
  });

  it('display-only with one screen: no POS, the pole display fills the screen; it follows a second screen', () => {
    const windows = openTerminalWindows(testContext(), true);
    expect(open('ServicePay POS')).toEqual([]);
    expect(windows.openBackoffice).toBeUndefined();
    expect(pole().options).toMatchObject({ frame: false, fullscreen: true });
    expect(pole().bounds).toEqual(display(1).bounds);
    const first = pole();
    let allClosed = false; // the app would quit: the new window must open before the old one closes
    app.on('window-all-closed', () => (allClosed = true));
    fake.setDisplays([display(1), customerScreen], 'display-added');
    vi.advanceTimersByTime(300);
    expect(first.isDestroyed()).toBe(true);
    expect(pole().bounds).toEqual(customerScreen.bounds);
    expect(allClosed).toBe(false);
  });

  it('the menu shortcut reopens a closed pole display; the back office opens once and is reused', () => {
    const windows = openTerminalWindows(testContext(), false);
    pole().close();
    windows.showPoleDisplay();
    expect(pole().isVisible()).toBe(true);
    windows.openBackoffice!();
    windows.openBackoffice!();
    const offices = open('ServicePay back office');
    expect(offices).toHaveLength(1);
    expect(offices[0]!.loadedUrl).toBe('http://127.0.0.1:4610/backoffice/');
  });

  it('closing the POS window quits the app', () => {
    openTerminalWindows(testContext(), false);
    open('ServicePay POS')[0]!.close();
    expect(fake.exitCode).toBe(0);
  });
});
