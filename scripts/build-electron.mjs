#!/usr/bin/env node
// Bundles the Electron shell with esbuild: the main process (electron/app/main.ts and the service it
// imports) into out/main/index.mjs, and each window's preload into out/preload/<name>.cjs.
// npm packages stay external: electron-builder ships the production node_modules, and better-sqlite3
// is a native module that is rebuilt for Electron's ABI at packaging.
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The preloads, one per kind of window (see electron/app/preload/). */
export const PRELOAD_ENTRIES = ['pos', 'display'];

/** Builds main and preloads into `outdir` (default out/) and returns the files written. */
export async function buildElectron({ outdir = join(root, 'out'), minify = false } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const common = { bundle: true, sourcemap: true, minify, logLevel: 'warning', absWorkingDir: root, metafile: true };
  const main = await build({
    ...common,
    entryPoints: { 'main/index': 'electron/app/main.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm', // Electron 41's main process loads ES modules
    target: 'node22',
    packages: 'external',
  });
  // Sandboxed preloads are CommonJS and may require only 'electron' (and a few Node polyfills):
  // everything else they use is bundled in.
  const preload = await build({
    ...common,
    entryPoints: Object.fromEntries(
      PRELOAD_ENTRIES.map((name) => [`preload/${name}`, `electron/app/preload/${name}.ts`]),
    ),
    outdir,
    outExtension: { '.js': '.cjs' },
    platform: 'browser',
    format: 'cjs',
    target: 'chrome130',
    external: ['electron'],
  });
  return [...Object.keys(main.metafile.outputs), ...Object.keys(preload.metafile.outputs)].filter(
    (file) => !file.endsWith('.map'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' }, minify: { type: 'boolean' } } });
  const started = Date.now();
  const files = await buildElectron({
    outdir: values.outdir ? resolve(values.outdir) : undefined,
    minify: values.minify,
  });
  console.log(`build-electron: ${files.join(', ')} in ${Date.now() - started} ms`);
}
