import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, SERVE_BIN, SERVICEPAY_BIN } from '../../support/service-process.js';
import type { TestDatabase } from '../../support/test-database.js';

/** The repository's root, where the README is. */
export const ROOT = join(import.meta.dirname, '../../..');

/**
 * The shell blocks of one section of the README (`## Setting up a store`, `### Products`), in order:
 * from its heading to the next heading of its level or above. Empty when the README has no such section.
 */
export function readmeShellBlocks(heading: string): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) return [];
  const level = heading.split(' ')[0]!;
  // From `##`: a line of a shell block may start with `# ` (a comment).
  const next = new RegExp(`\n#{2,${level.length}} `, 'g');
  next.lastIndex = start + 1;
  const end = next.exec(readme)?.index ?? readme.length;
  return [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/**
 * What the shell has in place of a newcomer's checkout: `npx servicepay` and `npm run serve` are the
 * repository's own commands (bundled: SERVICEPAY_BIN, SERVE_BIN) with the test database's arguments (the block that exports
 * SERVICEPAY_DATA_DIR or SERVICEPAY_DATABASE_URL is the one step the test does itself). A
 * background `npm run serve` becomes the service process, so `kill %1` stops it as it would npm.
 */
export const PRELUDE = `
set -euo pipefail
DB=("$DB_FLAG" "$DB_VALUE")
npx() {
  if [ "$1" != servicepay ]; then echo "the walkthrough may only run npx servicepay, not npx $*" >&2; return 1; fi
  shift; node "$SERVICEPAY_BIN" "$@" "\${DB[@]}"
}
npm() {
  if [ "$1 $2 $3" != "run serve --" ]; then echo "the walkthrough may only run npm run serve --, not npm $*" >&2; return 1; fi
  shift 3
  if [ "$BASHPID" != "$$" ]; then exec node "$SERVE_BIN" "$@" "\${DB[@]}"; fi
  node "$SERVE_BIN" "$@" "\${DB[@]}"
}
`;

/** Runs `script` in bash in `cwd`, in its own process group (stopped with whatever it left running). */
export function runShell(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Its own process group, so whatever it leaves running is stopped with it.
    const child = spawn('bash', ['-c', script], { cwd, env: { ...process.env, ...env }, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // nothing left running
      }
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/**
 * Runs README shell blocks as one script after the PRELUDE, in `cwd`, on `database`, with the
 * service's port 4610 of the README moved to a free one.
 */
export async function runReadme(blocks: readonly string[], cwd: string, database: TestDatabase) {
  const port = String(await freePort());
  const script = [PRELUDE, ...blocks]
    .join('\n')
    .replaceAll('127.0.0.1:4610', `127.0.0.1:${port}`)
    .replaceAll('--port 4610', `--port ${port}`);
  const [flag, value] = database.args;
  return runShell(script, cwd, { SERVICEPAY_BIN, SERVE_BIN, DB_FLAG: flag!, DB_VALUE: value! });
}

/** The demo service in the background, answering before a README section's blocks run. */
const DEMO_SERVICE = `
npm run serve -- --demo --port 4610 --log-level warn &
for i in $(seq 1 200); do curl -s http://127.0.0.1:4610/health >/dev/null && break; sleep 0.1; done
`;

/**
 * Runs the shell blocks of the README's section `heading` as written (runReadme) against the demo
 * service, started first and stopped with the script (`kill %1`, which ends its output); answers
 * the blocks and what the script did. `moved`: text of the README the test has elsewhere (the
 * printer at 127.0.0.1:9100 is the test printer's port), replaced in every block.
 */
export async function runSectionOnDemo(
  heading: string,
  cwd: string,
  database: TestDatabase,
  moved: Readonly<Record<string, string>> = {},
) {
  const blocks = readmeShellBlocks(heading);
  const run = blocks.map((block) =>
    Object.entries(moved).reduce((text, [from, to]) => text.replaceAll(from, to), `${block}\necho`),
  );
  const result = await runReadme([DEMO_SERVICE, ...run, 'kill %1'], cwd, database);
  return { blocks, result };
}
