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

/**
 * The scripts beside the widget: the runtime under a name that changes with its content (so it is
 * cached for good), the loader that names it (/sdk/servicepay.js, the one unversioned address,
 * spec 9), and the hand-written integrator declarations (/sdk/servicepay.d.ts).
 */
const sdkScripts: Plugin = {
  name: 'servicepay-sdk-scripts',
  apply: 'build',
  async generateBundle() {
    const runtime = await classicScript('loader/runtime.ts');
    const runtimeFile = `servicepay-runtime-${createHash('sha256').update(runtime).digest('hex').slice(0, 12)}.js`;
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
