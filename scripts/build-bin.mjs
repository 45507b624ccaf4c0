#!/usr/bin/env node
// Bundles the two commands of bin/ with esbuild, for the tests that run them as child processes:
// out/bin/servicepay.mjs (electron/cli/main.ts) and out/bin/serve.mjs (electron/server/main.ts).
// bin/*.mjs run the TypeScript through tsx's loader, which costs about 1.5 s of every start; the
// bundles are the same program in one file and start in a fraction of that. Users keep bin/*.mjs.
// npm packages stay external (resolved from node_modules as bin/*.mjs resolves them) but for a few
// pure ES-module libraries of many small files, whose loading is half of what remains of a start
// (BUNDLED_PACKAGES). The service finds dist/renderer from the nearest package.json above it
// (core/config.ts), so a bundle finds it as the sources do.
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeAtomically } from './build-electron.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the bundles go: out/bin/<command>.mjs. */
export const BIN_DIR = join(root, 'out', 'bin');

/**
 * Packages bundled in: plain ES modules without file paths of their own (no __dirname, no workers).
 * TypeBox's Fastify type provider goes with TypeBox so the process has one copy of it.
 */
export const BUNDLED_PACKAGES = ['kysely', 'typebox', '@fastify/type-provider-typebox'];

/** The package a bare import names (`kysely/helpers/postgres` → kysely, `@scope/name/x` → @scope/name). */
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

/** Leaves every other bare import (npm packages, node: built-ins) to Node at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      BUNDLED_PACKAGES.includes(packageOf(path)) ? undefined : { path, external: true },
    );
  },
};

/** Builds out/bin/servicepay.mjs and out/bin/serve.mjs (or into `outdir`); answers the files written. */
export async function buildBin({ outdir = BIN_DIR } = {}) {
  const result = await build({
    entryPoints: { servicepay: 'electron/cli/main.ts', serve: 'electron/server/main.ts' },
    bundle: true,
    sourcemap: true,
    logLevel: 'warning',
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    write: false,
  });
  writeAtomically(result.outputFiles);
  return result.outputFiles.map((file) => relative(root, file.path)).filter((file) => !file.endsWith('.map'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const files = await buildBin();
  console.log(`build-bin: ${files.join(', ')} in ${Date.now() - started} ms`);
}
