import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { partnerKey } from '../../../examples/integrator/partner-tokens.js';
import { readShopOptions } from '../../../examples/integrator/shop-options.js';

// The example shop gives browsers a shopper token minted with its partner key; without one it must
// not start at all (a staff login in its place would hand every shopper a manager's reach).
describe("the example shop's options", () => {
  it('refuses to run without a partner, naming what is missing and the commands that set one up', () => {
    const start = readShopOptions(['--cert-id', 'c1'], { EXAMPLE_ORG_ID: 'o1' });
    expect(start.kind).toBe('refused');
    const text = start.kind === 'refused' ? start.text : '';
    expect(text).toContain('Missing: --partner-key (EXAMPLE_PARTNER_KEY).');
    expect(text).toContain('npx servicepay jwt keygen --out .data/example-partner');
    expect(text).toContain('npx servicepay partners add "Example shop" --org <organization id>');
    expect(text).toContain('npm run example -- --partner-key .data/example-partner/private.pem');
  });

  it('takes the partner from its flags, else the environment', () => {
    const env = { EXAMPLE_PARTNER_KEY: 'env.pem', EXAMPLE_CERT_ID: 'env-cert', EXAMPLE_ORG_ID: 'env-org' };
    const fromEnv = readShopOptions([], env);
    expect(fromEnv.kind === 'run' && fromEnv.options.partner).toEqual({
      keyFile: 'env.pem',
      certId: 'env-cert',
      organizationId: 'env-org',
    });
    const fromFlags = readShopOptions(['--partner-key', 'p.pem', '--cert-id', 'c1', '--service', 'http://s:1/'], env);
    expect(fromFlags.kind === 'run' && fromFlags.options).toMatchObject({
      serviceUrl: 'http://s:1',
      partner: { keyFile: 'p.pem', certId: 'c1', organizationId: 'env-org' },
    });
  });
});

describe("the example shop's partner key", () => {
  const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('signs ES256 with an EC P-256 key and RS256 with an RSA key, as ServicePay registers them', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(partnerKey(pem(ec)).algorithm).toBe('ES256');
    expect(partnerKey(pem(rsa)).algorithm).toBe('RS256');
  });

  it('refuses another key, or a file that is no private key, in words', () => {
    const ed25519 = generateKeyPairSync('ed25519').privateKey;
    expect(() => partnerKey(pem(ed25519))).toThrow('the partner key must be an RSA or EC P-256 private key');
    expect(() => partnerKey('{"name":"not a key"}')).toThrow('the partner key is not a private key in PEM');
  });
});
