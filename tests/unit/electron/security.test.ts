import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fake, FakeBrowserWindow, session } from '../../support/fake-electron.js';
import { testContext } from './shell-context.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

const { createAppWindow } = await import('../../../electron/app/windows/app-window.js');
const { secureSession } = await import('../../../electron/app/security/secure-session.js');
const { SHELL_CSP, withShellCsp } = await import('../../../electron/app/security/content-security-policy.js');

const origin = 'http://127.0.0.1:4610';

describe('window security settings', () => {
  beforeEach(() => fake.reset());

  it('isolates and sandboxes every page, with the bridge only through the preload', () => {
    const win = createAppWindow(testContext(), 'pos', { title: 'ServicePay POS' }) as unknown as FakeBrowserWindow;
    expect(win.options.webPreferences).toEqual({
      preload: '/app/out/preload/pos.cjs',
      additionalArguments: ['--servicepay-service-url=http://127.0.0.1:4610', '--servicepay-terminal=front-1'],
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: false,
      devTools: false,
    });
    expect(win.options.show).toBe(false); // shown on ready-to-show, never blank
  });

  it('gives the pole display its own preload (no printing); DevTools only in development', () => {
    const display = createAppWindow(testContext(), 'display', {}) as unknown as FakeBrowserWindow;
    expect(display.options.webPreferences).toMatchObject({ preload: '/app/out/preload/display.cjs', devTools: false });
    const dev = createAppWindow(testContext({ devTools: true }), 'pos', {}) as unknown as FakeBrowserWindow;
    expect(dev.options.webPreferences).toMatchObject({ devTools: true, sandbox: true });
  });
});

describe('navigation and window.open locked to the service origin', () => {
  beforeEach(() => fake.reset());
  const window = () => {
    const ctx = testContext();
    const win = createAppWindow(ctx, 'pos', {}) as unknown as FakeBrowserWindow;
    return { ctx, contents: win.webContents };
  };

  it('lets the pages move within the service, and stops every other navigation or redirect', () => {
    const { ctx, contents } = window();
    expect(contents.navigate(`${origin}/backoffice/`)).toBe(true);
    expect(contents.navigate('http://127.0.0.1:4611/pos/')).toBe(false); // another port is another origin
    expect(contents.navigate('file:///etc/passwd')).toBe(false);
    expect(contents.navigate('https://evil.example/', 'will-redirect')).toBe(false);
    expect(ctx.opened).toEqual(['http://127.0.0.1:4611/pos/', 'https://evil.example/']);
  });

  it('opens paylinks and other web links in the system browser, and nothing but web links', () => {
    const { ctx, contents } = window();
    const open = (url: string) => contents.windowOpenHandler!({ url });
    expect(open('https://pay.servicepay.example/p/ABC234')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('file:///C:/Windows/system32/calc.exe')).toEqual({ action: 'deny' });
    expect(open('ms-settings:privacy')).toEqual({ action: 'deny' });
    expect(contents.navigate('smb://share/x')).toBe(false);
    expect(ctx.opened).toEqual(['https://pay.servicepay.example/p/ABC234']);
  });

  it('opens same-origin windows sandboxed without the bridge, and locks them too', () => {
    const { ctx, contents } = window();
    const answer = contents.windowOpenHandler!({ url: `${origin}/pos/receipt` });
    expect(answer).toMatchObject({
      action: 'allow',
      overrideBrowserWindowOptions: {
        webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, devTools: false },
      },
    });
    const prefs = (answer.overrideBrowserWindowOptions as { webPreferences: object }).webPreferences;
    expect(prefs).not.toHaveProperty('preload');
    const child = new FakeBrowserWindow({});
    contents.emit('did-create-window', child);
    expect(child.webContents.navigate('https://evil.example/')).toBe(false);
    expect(ctx.opened).toEqual(['https://evil.example/']);
  });

  it('refuses webviews', () => {
    const { contents } = window();
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('session: permissions and content security policy', () => {
  beforeEach(() => {
    fake.reset();
    secureSession(session.defaultSession as never, origin);
  });

  it('denies every permission request and check', async () => {
    const ses = session.defaultSession;
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'fullscreen',
      'openExternal',
    ]) {
      const answer = new Promise((resolve) =>
        (ses.permissionRequestHandler as (...a: unknown[]) => void)({}, permission, resolve, {}),
      );
      await expect(answer).resolves.toBe(false);
      expect((ses.permissionCheckHandler as (...a: unknown[]) => boolean)({}, permission, origin, {})).toBe(false);
    }
    expect((ses.devicePermissionHandler as (...a: unknown[]) => boolean)({ deviceType: 'usb', origin })).toBe(false);
  });

  it("adds the shell's policy to the service's answers, beside the service's own", async () => {
    const listener = session.defaultSession.headersListener as (details: object, cb: (r: object) => void) => void;
    const answer = (details: object) => new Promise((resolve) => listener(details, resolve));
    const servicePolicy = "default-src 'self'; frame-ancestors *";
    await expect(
      answer({ url: `${origin}/pos/`, responseHeaders: { 'content-security-policy': [servicePolicy] } }),
    ).resolves.toEqual({ responseHeaders: { 'content-security-policy': [servicePolicy, SHELL_CSP] } });
    await expect(answer({ url: `${origin}/health`, responseHeaders: {} })).resolves.toEqual({
      responseHeaders: { 'Content-Security-Policy': [SHELL_CSP] },
    });
    await expect(answer({ url: 'https://elsewhere.example/', responseHeaders: {} })).resolves.toEqual({});
  });

  it('the policy allows scripts, connections and frames from the service only', () => {
    expect(SHELL_CSP).toContain("script-src 'self'");
    expect(SHELL_CSP).toContain("connect-src 'self'");
    expect(SHELL_CSP).toContain("object-src 'none'");
    expect(SHELL_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
    expect(withShellCsp(undefined)).toEqual({ 'Content-Security-Policy': [SHELL_CSP] });
  });
});
