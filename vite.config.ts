import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

/**
 * Build output root: `dist`, or SERVICEPAY_DIST (parallel checkouts and test runs keep theirs apart),
 * a relative one taken from the project's folder (not from Vite's root, renderer/).
 */
const dist = resolve(fileURLToPath(new URL('.', import.meta.url)), process.env.SERVICEPAY_DIST ?? 'dist');

const root = fileURLToPath(new URL('./renderer', import.meta.url));
const page = (path: string) => fileURLToPath(new URL(`./renderer/${path}`, import.meta.url));

/**
 * The browser pages, built into dist/renderer and served by the service from its own origin:
 * /pos/, /display/, /backoffice/ (the three windows), /sdk/widget/ (the payment widget that the
 * `_servicepay` loader frames) and /sdk/paylink/ (the hosted ACH checkout). The loader itself is built by vite.sdk.config.ts.
 */
export default defineConfig({
  root,
  base: '/',
  plugins: [vue()],
  build: {
    outDir: `${dist}/renderer`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        pos: page('pos/index.html'),
        display: page('display/index.html'),
        backoffice: page('backoffice/index.html'),
        widget: page('sdk/widget/index.html'),
        paylink: page('sdk/paylink/index.html'),
      },
    },
  },
});
