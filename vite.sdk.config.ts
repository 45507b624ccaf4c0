import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The `_servicepay` loader: one small classic script (IIFE, no imports) that integrators load with
 * an async script tag from /sdk/servicepay.js. Built after vite.config.ts into the same folder.
 */
export default defineConfig({
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer/sdk', import.meta.url)),
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
