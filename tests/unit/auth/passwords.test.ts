import { describe, expect, it } from 'vitest';
import { DEMO_USERS, demoSecretHash } from '../../../electron/server/auth/demo-logins.js';
import { hashPassword, hashPasswordSync, verifyPassword } from '../../../electron/server/auth/passwords.js';
import { sameDigest, sha256 } from '../../../electron/server/auth/secrets.js';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
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
      expect(await verifyPassword(secret, demoSecretHash(secret)), secret).toBe(true);
      expect(await verifyPassword(`${secret}x`, demoSecretHash(secret)), secret).toBe(false);
    }
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
