import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { bundleWeights } from './scripts/bundle-weights.js';

/**
 * Build output root: `dist`, or SERVICEPAY_DIST (parallel checkouts and test runs keep theirs apart),
 * a relative one taken from the working folder as the service takes it, not from Vite's root.
 */
const dist = resolve(process.env.SERVICEPAY_DIST ?? fileURLToPath(new URL('./dist', import.meta.url)));
const source = (path: string) => fileURLToPath(new URL(`./renderer/sdk/${path}`, import.meta.url));

/** SDK_WEIGHTS=1: each build prints what each kilobyte of its files is (tests/bench/README.md). */
const weights = (label: string) => (process.env.SDK_WEIGHTS ? [bundleWeights(label)] : []);

/** One classic script (IIFE, no imports), minified, as integrators' pages run it. */
async function classicScript(entry: string, define: Record<string, string> = {}): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    plugins: weights(entry),
    build: {
      write: false,
      target: 'es2020',
      lib: { entry: source(entry), name: 'servicepay', formats: ['iife'], fileName: () => 'script.js' },
    },
  });
  const [output] = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  return output!.output[0].code;
}

/** A file name for `contents` that changes with it: `<stem>-<12 hex of its SHA-256>.<ext>`. */
const versioned = (stem: string, ext: string, contents: string | Uint8Array) =>
  `${stem}-${createHash('sha256').update(contents).digest('hex').slice(0, 12)}.${ext}`;

/**
 * The scripts beside the widget: the widget's page again under a name that changes with its
 * content (what the runtime frames, so that a browser loads it from its cache and not over the
 * network at every init), the runtime under a versioned name too (so both are cached for good), the
 * loader that names the runtime (/sdk/servicepay.js, the one unversioned address, spec 9), and the
 * hand-written integrator declarations (/sdk/servicepay.d.ts). Runs after Vite has written the page.
 */
const sdkScripts: Plugin = {
  name: 'servicepay-sdk-scripts',
  apply: 'build',
  enforce: 'post',
  async generateBundle(_options, bundle) {
    const page = bundle['sdk/widget/index.html'];
    if (page?.type !== 'asset') throw new Error('vite.sdk.config.ts: the widget page was not built');
    const pageFile = versioned('page', 'html', page.source);
    this.emitFile({ type: 'asset', fileName: `sdk/widget/${pageFile}`, source: page.source });
    const runtime = await classicScript('loader/runtime.ts', { __SERVICEPAY_WIDGET__: JSON.stringify(pageFile) });
    const runtimeFile = versioned('servicepay-runtime', 'js', runtime);
    const loader = await classicScript('loader/index.ts', { __SERVICEPAY_RUNTIME__: JSON.stringify(runtimeFile) });
    this.emitFile({ type: 'asset', fileName: `sdk/${runtimeFile}`, source: runtime });
    this.emitFile({ type: 'asset', fileName: 'sdk/servicepay.js', source: loader });
    const declarations = readFileSync(source('types/servicepay.d.ts'), 'utf8');
    this.emitFile({ type: 'asset', fileName: 'sdk/servicepay.d.ts', source: declarations });
  },
};

/**
 * The `_servicepay` SDK, built after vite.config.ts into the same folder: the payment widget page
 * (/sdk/widget/, built alone so it carries only what it uses: no Vue component runtime, only Vue's
 * reactivity) and the scripts integrators' pages load (sdkScripts).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: '/',
  publicDir: false,
  plugins: [sdkScripts, ...weights('widget/index.html')],
  build: {
    outDir: `${dist}/renderer`,
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // One module script, no preloads to polyfill.
    modulePreload: { polyfill: false },
    // The nested builds of sdkScripts take most of this build's time; no need to say so each time.
    rolldownOptions: { input: { widget: source('widget/index.html') }, checks: { bundlerTimings: false } },
  },
});
