// npm run bench:sdk — the SDK's weight and speed, after `npm run build` (dist, or SERVICEPAY_DIST):
// the loader gzipped, its runtime (loaded once per page, cached for good: reported), what the widget
// iframe really loads (gzipped), and in headless Chromium the median over 20 runs of init → onReady
// and of the payment event → payment options visible. Exits non-zero when a target is missed.
// What each kilobyte is: `SDK_WEIGHTS=1 npx vite build -c vite.sdk.config.ts` (tests/bench/README.md).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Frame, type Page } from '@playwright/test';
// Plain ESM helper shared with the Playwright config: the system Chromium and its flags.
import { CHROMIUM_ARGS, ensureTestChromium } from '../../scripts/chromium.mjs';
import { HostServer } from '../e2e/support/host-server.js';
import { startServer } from '../support/service-process.js';

const RUNS = 20;
const TARGETS = { loaderGzip: 2 * 1024, widgetGzip: 30 * 1024, readyMs: 50, optionsMs: 150 };
const renderer = join(process.env.SERVICEPAY_DIST ?? 'dist', 'renderer');

/**
 * The integrator's page of the runs: the loader snippet with its preload hint, and a cart element.
 * In-page code is passed as strings throughout: this file is checked without DOM types, and tsx
 * would wrap named functions with a helper the page does not have.
 */
function hostPage(serviceUrl: string, token: string, entityId: string): string {
  const src = `${serviceUrl}/sdk/servicepay.js`;
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>bench</title>
<link rel="icon" href="data:,"><link rel="preload" as="script" href="${src}">
<script>
  (function (w, d, name, src) {
    w[name] = w[name] || function () { (w[name].q = w[name].q || []).push(arguments); };
    var s = d.createElement('script'); s.id = name; s.async = true; s.src = src; d.head.appendChild(s);
  })(window, document, '_servicepay', ${JSON.stringify(src)});
  window.initOptions = function (onReady) {
    return {
      element: document.getElementById('checkout'), channel: 'ecommerce', onReady: onReady,
      authTokenFactory: function () { return Promise.resolve(${JSON.stringify(token)}); },
      getEntityId: function () { return Promise.resolve(${JSON.stringify(entityId)}); }
    };
  };
</script></head><body><main><h1>Checkout</h1><div id="checkout"></div></main></body></html>`;
}

const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The widget's own files the iframe loaded (document, scripts, styles…), by path. */
async function widgetFiles(page: Page, serviceUrl: string, load: () => Promise<void>): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  page.on('requestfinished', async (request) => {
    const frameUrl = request.frame().url();
    if (!frameUrl.startsWith(`${serviceUrl}/sdk/widget/`) || request.url().includes('/v2.0/')) return;
    const sizes = await request.sizes();
    files.set(new URL(request.url()).pathname, sizes.responseBodySize + sizes.responseHeadersSize);
  });
  await load();
  return files;
}

/**
 * Resolves in the widget frame, with an epoch timestamp, once the payment options are shown. The
 * in-page code is a string: tsx would wrap named functions with a helper the page does not have.
 */
function whenOptionsShown(frame: Frame): Promise<number> {
  return frame.evaluate(`new Promise((resolve) => {
    const shown = () => document.querySelector('main h2')?.textContent === 'How would you like to pay?';
    const done = () => resolve(performance.timeOrigin + performance.now());
    if (shown()) return done();
    new MutationObserver((_changes, observer) => {
      if (!shown()) return;
      observer.disconnect();
      done();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'servicepay-sdk-bench-'));
let failed = false;
try {
  const loaderPath = join(renderer, 'sdk', 'servicepay.js');
  if (!existsSync(loaderPath)) throw new Error(`${loaderPath} is missing: run npm run build first`);
  const service = await startServer(dataDir, ['--demo', '--log-level', 'warn']);
  const hostServer = await HostServer.start();
  const browser = await chromium.launch({ executablePath: ensureTestChromium(), args: CHROMIUM_ARGS, headless: true });
  try {
    const body = Buffer.from(JSON.stringify({ username: 'manager', password: 'manager-demo-1' })).toString('base64');
    const answer = await fetch(`${service.url}/auth-v2/login`, {
      method: 'POST',
      headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
      body,
    });
    const login = (await answer.json()) as { token: string; user: { organizationId: string } };
    const page = await browser.newPage();
    const url = hostServer.serve('/checkout', hostPage(service.url, login.token, login.user.organizationId));
    // Each visit is a new address, as a customer comes to the checkout from another page: going to
    // the same address again is a reload to Chromium, which revalidates every frame's document.
    let visits = 0;
    const open = async () => {
      visits += 1;
      await page.goto(`${url}?visit=${visits}`);
      await page.waitForFunction(`window['loaded-_servicepay'] === true`);
    };

    // First visit, cold cache: which files the widget frame loads.
    const transferred = await widgetFiles(page, service.url, async () => {
      await open();
      await page.evaluate(`new Promise((resolve) => window._servicepay('init', window.initOptions(resolve)))`);
    });
    const widgetGzip = [...transferred.keys()].reduce((sum, path) => {
      const file = join(renderer, path.endsWith('/') ? `${path}index.html` : path);
      return sum + gzipped(file);
    }, 0);
    const widgetWire = [...transferred.values()].reduce((sum, size) => sum + size, 0);

    // Warm runs, as an integrator's returning customer sees them (the loader is preloaded and cached).
    const ready: number[] = [];
    const options: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await open();
      ready.push(
        await page.evaluate<number>(`new Promise((resolve) => {
          const start = performance.now();
          window._servicepay('init', window.initOptions(() => resolve(performance.now() - start)));
        })`),
      );
      const frame = page.frames().find((candidate) => candidate.url().includes('/sdk/widget/'))!;
      const shown = whenOptionsShown(frame);
      const sent = await page.evaluate<number>(`(() => {
        const at = performance.timeOrigin + performance.now();
        window._servicepay('event', 'payment', {
          originalAmount: ${1000 + run},
          referenceNumber: 'bench-${run}-' + Date.now(),
          handlePaymentResponse: () => Promise.resolve(),
        });
        return at;
      })()`);
      options.push((await shown) - sent);
    }

    const runtime = readdirSync(join(renderer, 'sdk')).find((name) => /^servicepay-runtime-\w+\.js$/.test(name));
    const rows: [string, string, string, boolean][] = [
      [
        'loader (servicepay.js), gzip -9',
        kb(gzipped(loaderPath)),
        `≤ ${kb(TARGETS.loaderGzip)}`,
        gzipped(loaderPath) <= TARGETS.loaderGzip,
      ],
      [
        'its runtime, once per page (cached for good)',
        runtime ? kb(gzipped(join(renderer, 'sdk', runtime))) : '—',
        '(information)',
        true,
      ],
      [
        `widget iframe: ${transferred.size} files, gzip -9`,
        kb(widgetGzip),
        `≤ ${kb(TARGETS.widgetGzip)}`,
        widgetGzip <= TARGETS.widgetGzip,
      ],
      ['widget iframe: bytes on the wire (br)', kb(widgetWire), '(information)', true],
      [
        `init → onReady, median of ${RUNS}`,
        `${median(ready).toFixed(1)} ms`,
        `≤ ${TARGETS.readyMs} ms`,
        median(ready) <= TARGETS.readyMs,
      ],
      [
        `payment → options visible, median of ${RUNS}`,
        `${median(options).toFixed(1)} ms`,
        `≤ ${TARGETS.optionsMs} ms`,
        median(options) <= TARGETS.optionsMs,
      ],
    ];
    for (const [what, value, target, ok] of rows)
      console.log(`${ok ? 'ok  ' : 'MISS'}  ${what.padEnd(46)} ${value.padStart(10)}  ${target}`);
    console.log(`widget files: ${[...transferred.keys()].join(', ')}`);
    failed = rows.some(([, , , ok]) => !ok);
  } finally {
    await browser.close();
    await hostServer.stop();
    await service.stop();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
