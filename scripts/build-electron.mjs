#!/usr/bin/env node
// Bundles the Electron shell with esbuild: the main process (electron/app/main.ts and the service it
// imports) into out/main/index.mjs, and each window's preload into out/preload/<name>.cjs.
// npm packages stay external: electron-builder ships the production node_modules, and better-sqlite3
// is a native module that is rebuilt for Electron's ABI at packaging.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The preloads, one per kind of window (see electron/app/preload/). */
export const PRELOAD_ENTRIES = ['pos', 'display'];

/** Each file is written beside its place and renamed over it: a running app never reads half a bundle. */
export function writeAtomically(files) {
  for (const { path, contents } of files) {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  }
}

/** Builds main and preloads into `outdir` (default out/) and returns the files written. */
export async function buildElectron({ outdir = join(root, 'out'), minify = false } = {}) {
  const common = {
    bundle: true,
    sourcemap: true,
    minify,
    logLevel: 'warning',
    absWorkingDir: root,
    outdir,
    write: false,
  };
  const main = await build({
    ...common,
    entryPoints: { 'main/index': 'electron/app/main.ts' },
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
    outExtension: { '.js': '.cjs' },
    platform: 'browser',
    format: 'cjs',
    target: 'chrome130',
    external: ['electron'],
  });
  const files = [...main.outputFiles, ...preload.outputFiles];
  writeAtomically(files);
  return files.map((file) => relative(root, file.path)).filter((file) => !file.endsWith('.map'));
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
