import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost, log2 of N: 2^15 (32 MiB, 50–170 ms a hash on a register's hardware). */
export const SCRYPT_COST = 15;
/** The least cost `SERVICEPAY_SCRYPT_COST` may set (2^10: 1 MiB, ~2 ms), for test suites. */
const LEAST_COST = 10;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

/**
 * `SERVICEPAY_SCRYPT_COST` read (at each hash): the cost new hashes are made at (`SCRYPT_COST` unless it lowers
 * it to 10–15, as the test suites do so that their thousands of sign-ins do not each take 32 MiB and
 * a sixth of a second), and what is wrong with it in words (null when unset or right). A wrong value
 * keeps the full cost here; `serve` refuses it at start.
 */
function readCost(env: NodeJS.ProcessEnv): { cost: number; problem: string | null } {
  const text = env.SERVICEPAY_SCRYPT_COST;
  if (text === undefined || text === '') return { cost: SCRYPT_COST, problem: null };
  const cost = Number(text);
  if (/^\d+$/.test(text) && cost >= LEAST_COST && cost <= SCRYPT_COST) return { cost, problem: null };
  const problem = `SERVICEPAY_SCRYPT_COST must be a whole number from ${LEAST_COST} to ${SCRYPT_COST} (log2 of scrypt's N), not "${text}"`;
  return { cost: SCRYPT_COST, problem };
}

/** The cost (log2 of N) new hashes are made at. A hash keeps its parameters: it verifies at its own. */
export const scryptCost = (env: NodeJS.ProcessEnv = process.env): number => readCost(env).cost;

/** What is wrong with `SERVICEPAY_SCRYPT_COST`, in words, or null (unset, or a whole number 10–15). */
export const scryptCostProblem = (env: NodeJS.ProcessEnv = process.env): string | null => readCost(env).problem;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), parameters kept with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** scryptCost();
  const key = await derive(password, salt, { N, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; compares in constant time. False for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, checked when the username is unknown so that an unknown user and a
 * wrong password take the same time. Made once per process when first asked for (the routes that
 * check passwords ask at start: auth-routes.ts), not by every process that loads this module (each
 * `servicepay` command would pay a hash for nothing).
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/** The synchronous form, for seeding inside a database transaction (CLI and demo data only). */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  const N = 2 ** scryptCost();
  const key = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}
