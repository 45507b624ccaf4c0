// An in-memory stand-in for the 'electron' module: the Electron binary cannot run here (see
// ../../../shared/TOOLCHAIN.md). Unit tests load it with vi.mock('electron', …); the main bundle
// test loads it in a child process through fake-electron-hooks.mjs, where it prints each event
// as a JSON line and ends the process when the app exits.
import { EventEmitter } from 'node:events';

/** A display as Electron's screen module describes it (the fields the shell reads). */
export interface FakeDisplay {
  id: number;
  label: string;
  bounds: { x: number; y: number; width: number; height: number };
  workArea: { x: number; y: number; width: number; height: number };
}

type Rect = FakeDisplay['bounds'];
type Listener = (...args: never[]) => unknown;

/** An event the shell may cancel (will-navigate, before-quit, …). */
export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

/** Builds a display at (x, 0) with a 40-pixel taskbar at the bottom of its work area. */
export function display(id: number, x = 0, width = 1920, height = 1080): FakeDisplay {
  return {
    id,
    label: `Screen ${id}`,
    bounds: { x, y: 0, width, height },
    workArea: { x, y: 0, width, height: height - 40 },
  };
}

const childMode = process.env.FAKE_ELECTRON_CHILD === '1';

/** What the fake recorded, and the knobs tests turn. */
export const fake = {
  log: [] as string[],
  displays: [display(1)],
  primaryId: 1,
  windows: [] as FakeBrowserWindow[],
  handlers: new Map<string, (...args: unknown[]) => unknown>(),
  openedExternal: [] as string[],
  menuTemplate: undefined as unknown,
  singleInstanceLock: true,
  sandboxEnabled: false,
  loadFails: false,
  print: { success: true, failureReason: '' },
  userData: '/tmp/servicepay-fake-user-data',
  exitCode: undefined as number | undefined,
  record(event: string, details: Record<string, unknown> = {}): void {
    fake.log.push(event);
    if (childMode) process.stdout.write(`${JSON.stringify({ event, ...details })}\n`);
  },
  /** Resolves with the exit code when the app next exits: a test awaits the clean stop's end, never a pause. */
  exited(): Promise<number> {
    return new Promise((resolve) => app.once('fake-exit', resolve));
  },
  /** Replaces the connected displays and sends the screen event a real plug or unplug sends. */
  setDisplays(displays: FakeDisplay[], event: 'display-added' | 'display-removed' | 'display-metrics-changed'): void {
    fake.displays = displays;
    screen.emit(event, new FakeEvent(), displays[0]);
  },
  reset(): void {
    Object.assign(fake, {
      log: [],
      displays: [display(1)],
      primaryId: 1,
      windows: [],
      openedExternal: [],
      menuTemplate: undefined,
      singleInstanceLock: true,
      sandboxEnabled: false,
      loadFails: false,
      print: { success: true, failureReason: '' },
      exitCode: undefined,
    });
    fake.handlers.clear();
    for (const emitter of [app, screen, ipcMain]) emitter.removeAllListeners();
  },
};

class FakeWebContents extends EventEmitter {
  windowOpenHandler:
    ((details: { url: string }) => { action: string; overrideBrowserWindowOptions?: unknown }) | undefined;
  url = '';
  constructor(readonly owner: FakeBrowserWindow) {
    super();
  }
  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }
  /** Test helper: the page navigates; answers whether the navigation went ahead. */
  navigate(url: string, event: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    const details = new FakeEvent(url);
    this.emit(event, details, url);
    return !details.defaultPrevented;
  }
  print(_options: unknown, callback: (success: boolean, failureReason: string) => void): void {
    fake.record('print');
    setImmediate(() => callback(fake.print.success, fake.print.failureReason));
  }
}

/** A window that remembers what the shell did to it. */
export class FakeBrowserWindow extends EventEmitter {
  static getAllWindows(): FakeBrowserWindow[] {
    return fake.windows.filter((win) => !win.destroyed);
  }
  readonly webContents = new FakeWebContents(this);
  bounds: Rect;
  fullScreen: boolean;
  visible = false;
  minimized = false;
  destroyed = false;
  menuRemoved = false;
  focused = false;
  loadedUrl = '';

  constructor(readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> }) {
    super();
    const { x = 0, y = 0, width = 800, height = 600 } = options as Partial<Rect>;
    this.bounds = { x, y, width, height };
    this.fullScreen = options.fullscreen === true;
    fake.windows.push(this);
    fake.record('window:create', { title: options.title, webPreferences: options.webPreferences });
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.url = url;
    fake.record('window:load', { url });
    if (fake.loadFails) return Promise.reject(new Error('ERR_CONNECTION_REFUSED'));
    setImmediate(() => this.emit('ready-to-show'));
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  isVisible(): boolean {
    return this.visible;
  }
  focus(): void {
    this.focused = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  getBounds(): Rect {
    return { ...this.bounds };
  }
  setBounds(bounds: Rect): void {
    this.bounds = { ...bounds };
  }
  setFullScreen(on: boolean): void {
    this.fullScreen = on;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  removeMenu(): void {
    this.menuRemoved = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  close(): void {
    if (this.destroyed) return;
    const event = new FakeEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    fake.record('window:closed', { title: this.options.title });
    this.emit('closed');
    if (FakeBrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed');
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  private ready = false;
  requestSingleInstanceLock(): boolean {
    return fake.singleInstanceLock;
  }
  enableSandbox(): void {
    fake.sandboxEnabled = true;
  }
  whenReady(): Promise<void> {
    this.ready = true;
    fake.record('app:ready');
    return Promise.resolve();
  }
  isReady(): boolean {
    return this.ready;
  }
  getPath(_name: string): string {
    return fake.userData;
  }
  getAppPath(): string {
    return process.cwd();
  }
  getVersion(): string {
    return '0.1.0-test';
  }
  /** Like Electron: before-quit may be prevented; otherwise the app exits. */
  quit(): void {
    const event = new FakeEvent();
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    this.emit('will-quit', new FakeEvent());
    this.exit(0);
  }
  exit(code = 0): void {
    fake.exitCode = code;
    fake.record('app:exit', { code });
    this.emit('fake-exit', code);
    if (childMode) process.exit(code);
  }
}

export const app = new FakeApp();

export const screen = Object.assign(new EventEmitter(), {
  getAllDisplays: (): FakeDisplay[] => fake.displays.map((d) => structuredClone(d)),
  getPrimaryDisplay: (): FakeDisplay => structuredClone(fake.displays.find((d) => d.id === fake.primaryId)!),
});

export const ipcMain = Object.assign(new EventEmitter(), {
  handle(channel: string, handler: (...args: unknown[]) => unknown): void {
    if (fake.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    fake.handlers.set(channel, handler);
  },
});

/** One session's security handlers, as the shell installed them. */
export const session = {
  defaultSession: {
    permissionRequestHandler: undefined as Listener | undefined,
    permissionCheckHandler: undefined as Listener | undefined,
    devicePermissionHandler: undefined as Listener | undefined,
    headersListener: undefined as Listener | undefined,
    setPermissionRequestHandler(handler: Listener) {
      this.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: Listener) {
      this.permissionCheckHandler = handler;
    },
    setDevicePermissionHandler(handler: Listener) {
      this.devicePermissionHandler = handler;
    },
    webRequest: {
      onHeadersReceived(listener: Listener) {
        session.defaultSession.headersListener = listener;
      },
    },
  },
};

export const shell = {
  openExternal(url: string): Promise<void> {
    fake.openedExternal.push(url);
    return Promise.resolve();
  },
};

export const Menu = {
  buildFromTemplate: (template: unknown) => ({ template }),
  setApplicationMenu(menu: { template: unknown }): void {
    fake.menuTemplate = menu.template;
  },
};

export const dialog = {
  showErrorBox(title: string, content: string): void {
    fake.record('dialog:error', { title, content });
  },
};

export const BrowserWindow = FakeBrowserWindow;

if (childMode) {
  fake.userData = process.env.FAKE_ELECTRON_USER_DATA ?? fake.userData;
  if (process.env.FAKE_ELECTRON_DISPLAYS === '2') fake.displays = [display(1), display(2, 1920, 1280, 1024)];
}

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    contextBridge.exposed.set(key, api);
  },
};
export const ipcRenderer = {
  invoke: (channel: string, ...args: unknown[]): Promise<unknown> => Promise.resolve({ channel, args }),
};
export default { app, screen, ipcMain, session, shell, Menu, dialog, BrowserWindow, contextBridge, ipcRenderer };
