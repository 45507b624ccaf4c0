import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

/**
 * Build output root: `dist`, or SERVICEPAY_DIST (parallel checkouts and test runs keep theirs apart),
 * a relative one taken from the working folder as the service takes it, not from Vite's root.
 */
const dist = resolve(process.env.SERVICEPAY_DIST ?? fileURLToPath(new URL('./dist', import.meta.url)));

const root = fileURLToPath(new URL('./renderer', import.meta.url));
const page = (path: string) => fileURLToPath(new URL(`./renderer/${path}`, import.meta.url));

/**
 * The browser pages, built into dist/renderer and served by the service from its own origin:
 * /pos/, /display/, /backoffice/ (the three windows) and /sdk/paylink/ (the hosted ACH checkout).
 * The payment widget that the `_servicepay` loader frames, and the loader, are built by
 * vite.sdk.config.ts.
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
        paylink: page('sdk/paylink/index.html'),
      },
    },
  },
});
