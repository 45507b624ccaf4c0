import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Build output root: `dist`, or SERVICEPAY_DIST (parallel checkouts and test runs keep theirs apart). */
const dist = process.env.SERVICEPAY_DIST ?? fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The `_servicepay` loader: one small classic script (IIFE, no imports) that integrators load with
 * an async script tag from /sdk/servicepay.js. Built after vite.config.ts into the same folder.
 */
export default defineConfig({
  build: {
    outDir: `${dist}/renderer/sdk`,
    emptyOutDir: false,
    target: 'es2019',
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
