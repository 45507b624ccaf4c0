#!/usr/bin/env node
// Bundles the two commands of bin/ with esbuild, for the tests that run them as child processes:
// out/bin/servicepay.mjs (electron/cli/main.ts) and out/bin/serve.mjs (electron/server/main.ts).
// bin/*.mjs run the TypeScript through tsx's loader, which costs about 1.5 s of every start; the
// bundles are the same program in one file and start in a fraction of that. Users keep bin/*.mjs.
// The service finds dist/renderer from the nearest package.json above it (core/config.ts), so a
// bundle finds it as the sources do.
//
// What a start costs (tests/bench/startup-bench.ts, `npm run bench:startup`) is mostly reading and
// compiling code, so every npm package is bundled in too (no CommonJS loading, lexing and resolving
// of node_modules at run time) but the native ones (EXTERNAL_PACKAGES); the code is minified
// (whitespace and syntax: names are kept, as logs and errors show them) and written in ASCII, which
// Node decodes and V8 parses as one-byte text, about twice as fast as text with a single
// character beyond it. Code both commands use goes in shared chunks (out/bin/chunks), and what a
// command loads only when it runs (`await import()`: the whole service for `servicepay demo sales`)
// in chunks of its own, so `servicepay` reads and compiles about half the code `serve` does.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeAtomically } from './build-electron.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where the bundles go: out/bin/<command>.mjs. */
export const BIN_DIR = join(root, 'out', 'bin');

/**
 * Packages Node loads from node_modules at run time: better-sqlite3 (a native addon that finds its
 * build beside its own files; `db/sqlite/copy-on-worker.ts` resolves it for a worker) and pg-native
 * (the optional native driver pg requires only when asked for it, not installed).
 */
export const EXTERNAL_PACKAGES = ['better-sqlite3', 'pg-native'];

/**
 * CommonJS bundled into an ES module: `require` (of Node's own modules, and of the external
 * packages), `__dirname` and `__filename` are not defined there. The bundle defines `require` for
 * the code esbuild leaves calling it; the other two are the bundle's own (pino's and Fastify
 * swagger's, for files they read only when asked).
 */
const BANNER =
  "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);";
const DEFINE = { __dirname: 'import.meta.dirname', __filename: 'import.meta.filename' };

/**
 * The text in ASCII: esbuild escapes what is beyond it in strings and identifiers (`charset:
 * 'ascii'`), and leaves it in regular expressions and license comments, where `\uXXXX` (one for
 * each UTF-16 unit) means the same.
 */
const ascii = (text) =>
  text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A chunk of an earlier build is removed an hour after it was written: not at once, as a command
 * started from the bundles before this build may still load it (the test runs of other checkouts
 * of the sources build into the same folder while their commands run).
 */
const STALE_CHUNK_MS = 60 * 60 * 1000;

function removeStaleChunks(chunksDir, written) {
  let names;
  try {
    names = readdirSync(chunksDir);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(chunksDir, name);
    if (written.has(path)) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_CHUNK_MS) rmSync(path, { force: true });
    } catch {
      // removed by another build meanwhile
    }
  }
}

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
    external: EXTERNAL_PACKAGES,
    banner: { js: BANNER },
    define: DEFINE,
    charset: 'ascii',
    minifyWhitespace: true,
    minifySyntax: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    write: false,
  });
  const chunksDir = join(resolve(root, outdir), 'chunks');
  const files = result.outputFiles
    .map((file) => ({
      path: file.path,
      contents: file.path.endsWith('.map') ? file.contents : ascii(file.text),
    }))
    // The chunks before the commands that import them: a command started meanwhile finds its chunks.
    .sort((a, b) => Number(b.path.startsWith(chunksDir)) - Number(a.path.startsWith(chunksDir)));
  writeAtomically(files);
  removeStaleChunks(chunksDir, new Set(files.map((file) => file.path)));
  return files.map((file) => relative(root, file.path)).filter((file) => !file.endsWith('.map'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const files = await buildBin();
  console.log(`build-bin: ${files.join(', ')} in ${Date.now() - started} ms`);
}
