import { spawnSync } from 'node:child_process';

/** Runs the real `servicepay` CLI on a database (`--data DIR` or `--database URL`); throws on failure. */
export function runCli(dbArgs: string[], ...args: string[]): string {
  return runCliWithInput(dbArgs, '', ...args);
}

/** The same, with `input` on its standard input (a password for `--password-stdin`). */
export function runCliWithInput(dbArgs: string[], input: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, ['bin/servicepay.mjs', ...dbArgs, ...args], {
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`servicepay ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Signs a demo login in to the service at `url` (as the POS does) and answers its bearer token. */
export async function demoToken(url: string, username: string, password: string): Promise<string> {
  const login = await fetch(`${url}/auth-v2/login`, {
    method: 'POST',
    headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
    body: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}
