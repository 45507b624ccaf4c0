import { spawnSync } from 'node:child_process';

/** Runs the real `servicepay` CLI on a database (`--data DIR` or `--database URL`); throws on failure. */
export function runCli(dbArgs: string[], ...args: string[]): string {
  const result = spawnSync(process.execPath, ['bin/servicepay.mjs', ...dbArgs, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`servicepay ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}
