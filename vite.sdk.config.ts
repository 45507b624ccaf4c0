import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * Build output root: `dist`, or SERVICEPAY_DIST (parallel checkouts and test runs keep theirs apart),
 * a relative one taken from the project's folder (not from Vite's root, renderer/).
 */
const dist = resolve(fileURLToPath(new URL('.', import.meta.url)), process.env.SERVICEPAY_DIST ?? 'dist');

/** Serves the hand-written integrator declarations beside the loader, at /sdk/servicepay.d.ts. */
const declarations: Plugin = {
  name: 'servicepay-declarations',
  generateBundle() {
    const source = readFileSync(new URL('./renderer/sdk/types/servicepay.d.ts', import.meta.url), 'utf8');
    this.emitFile({ type: 'asset', fileName: 'servicepay.d.ts', source });
  },
};

/**
 * The `_servicepay` loader: one small classic script (IIFE, no imports) that integrators load with
 * an async script tag from /sdk/servicepay.js. Built after vite.config.ts into the same folder.
 */
export default defineConfig({
  plugins: [declarations],
  build: {
    outDir: `${dist}/renderer/sdk`,
    emptyOutDir: false,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: fileURLToPath(new URL('./renderer/sdk/loader/index.ts', import.meta.url)),
      name: 'ServicePayLoader',
      formats: ['iife'],
      fileName: () => 'servicepay.js',
    },
  },
});
