import { describe, expect, it } from 'vitest';
import { DEMO_USERS, demoSecretHash } from '../../../electron/server/auth/demo-logins.js';
import {
  hashPassword,
  hashPasswordSync,
  scryptCost,
  scryptCostProblem,
  verifyPassword,
} from '../../../electron/server/auth/passwords.js';
import { sameDigest, sha256 } from '../../../electron/server/auth/secrets.js';

/** Runs `work` with SERVICEPAY_SCRYPT_COST set to `cost` (unset: undefined), then puts the suite's back. */
async function atCost<T>(cost: string | undefined, work: () => T | Promise<T>): Promise<T> {
  const suite = process.env.SERVICEPAY_SCRYPT_COST;
  const set = (value: string | undefined) =>
    value === undefined ? delete process.env.SERVICEPAY_SCRYPT_COST : (process.env.SERVICEPAY_SCRYPT_COST = value);
  set(cost);
  try {
    return await work();
  } finally {
    set(suite);
  }
}

describe('password hashing (scrypt)', () => {
  it('hashes at N = 2^15 unless SERVICEPAY_SCRYPT_COST lowers it (10 to 15); a hash verifies at its own N', async () => {
    const strong = await atCost(undefined, () => hashPassword('correct horse'));
    expect(strong).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    const cheap = await atCost('10', () => hashPasswordSync('correct horse'));
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    await atCost(undefined, async () => {
      expect(await verifyPassword('correct horse', cheap)).toBe(true);
      expect(await verifyPassword('correct horse!', cheap)).toBe(false);
      expect(await verifyPassword('correct horse', strong)).toBe(true);
    });
  });

  it('refuses a cost outside 10–15 in words, and hashes at the full cost then', () => {
    for (const text of ['9', '16', '12.5', 'ten', '-1']) {
      const env = { SERVICEPAY_SCRYPT_COST: text };
      expect(scryptCostProblem(env), text).toBe(
        `SERVICEPAY_SCRYPT_COST must be a whole number from 10 to 15 (log2 of scrypt's N), not "${text}"`,
      );
      expect(scryptCost(env), text).toBe(15);
    }
    expect(scryptCostProblem({})).toBeNull();
    expect(scryptCost({ SERVICEPAY_SCRYPT_COST: '12' })).toBe(12);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse ', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('accepts hashes made synchronously (seeding) and refuses malformed ones', async () => {
    expect(await verifyPassword('seeded', hashPasswordSync('seeded'))).toBe(true);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});

describe('the published demo secrets', () => {
  it("ship a hash of each demo user's password and PIN that verifies it, and no other", async () => {
    const secrets = DEMO_USERS.flatMap((user) => [user.password, ...(user.pin ? [user.pin] : [])]);
    for (const secret of secrets) {
      const shipped = await atCost(undefined, () => demoSecretHash(secret));
      expect(shipped, secret).toMatch(/^scrypt\$32768\$/);
      expect(await verifyPassword(secret, shipped), secret).toBe(true);
      expect(await verifyPassword(`${secret}x`, shipped), secret).toBe(false);
    }
  });

  it('are hashed at the lowered cost where SERVICEPAY_SCRYPT_COST lowers it, so signing in as them is cheap', async () => {
    const cheap = await atCost('10', () => demoSecretHash('cashier-demo-1'));
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    expect(await verifyPassword('cashier-demo-1', cheap)).toBe(true);
  });

  it('are hashed once per process: every demo store this process seeds gets the same verifiable hash', async () => {
    const hash = demoSecretHash('cashier-demo-1');
    expect(demoSecretHash('cashier-demo-1')).toBe(hash);
    expect(demoSecretHash('manager-demo-1')).not.toBe(hash);
    expect(await verifyPassword('cashier-demo-1', hash)).toBe(true);
    expect(await verifyPassword('manager-demo-1', hash)).toBe(false);
  });
});

describe('secret digests', () => {
  it('compares SHA-256 digests in constant time, refusing different or empty ones', () => {
    expect(sameDigest(sha256('a'), sha256('a'))).toBe(true);
    expect(sameDigest(sha256('a'), sha256('b'))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
    expect(sameDigest(sha256('a'), 'abcd')).toBe(false);
  });
});
