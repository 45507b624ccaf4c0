import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./renderer', import.meta.url));
const page = (path: string) => fileURLToPath(new URL(`./renderer/${path}`, import.meta.url));

/**
 * The browser pages, built into dist/renderer and served by the service from its own origin:
 * /pos/, /display/, /backoffice/ (the three windows) and /sdk/widget/ (the payment widget that the
 * `_servicepay` loader frames). The loader itself is built by vite.sdk.config.ts.
 */
export default defineConfig({
  root,
  base: '/',
  plugins: [vue()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
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
      },
    },
  },
});
