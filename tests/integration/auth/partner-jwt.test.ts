import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnersRepository, type PartnerRecord } from '../../../electron/server/auth/partners-repository.js';
import { DEMO } from '../../../electron/server/demo/demo-catalog.js';
import { DEMO_CLIENT, demoService, type DemoService } from '../support/demo-service.js';

let service: DemoService;
let es: { partner: PartnerRecord; privateKey: CryptoKey };
let rs: { partner: PartnerRecord; privateKey: CryptoKey };
let stranger: CryptoKey;
let disabled: { partner: PartnerRecord; privateKey: CryptoKey };

async function registerPartner(alg: 'ES256' | 'RS256', name: string) {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const { db } = service.app.ctx;
  const publicKeyPem = await exportSPKI(publicKey);
  const partner = await db.write((tx) =>
    new PartnersRepository(db).register(tx, { name, organizationId: DEMO.organizationId, publicKeyPem }, new Date()),
  );
  return { partner, privateKey };
}

beforeAll(async () => {
  service = await demoService();
  es = await registerPartner('ES256', 'Storefront Co');
  rs = await registerPartner('RS256', 'Kiosk Inc');
  disabled = await registerPartner('ES256', 'Gone Ltd');
  const { db } = service.app.ctx;
  await db.write((tx) => new PartnersRepository(db).disable(tx, disabled.partner.certId));
  stranger = (await generateKeyPair('ES256')).privateKey;
});
afterAll(() => service.close());

interface Variant {
  claims?: JWTPayload;
  header?: Record<string, unknown>;
  key?: CryptoKey;
  lifetime?: number;
  issuedAgo?: number;
}

async function sign(who: { partner: PartnerRecord; privateKey: CryptoKey }, variant: Variant = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000) - (variant.issuedAgo ?? 0);
  const { partner } = who;
  return new SignJWT({ iss: partner.certId, aud: 'servicepay', oid: partner.organizationId, ...variant.claims })
    .setProtectedHeader({ alg: partner.algorithm, kid: partner.certId, ...variant.header })
    .setIssuedAt(now)
    .setExpirationTime(now + (variant.lifetime ?? 120))
    .setJti(randomUUID())
    .sign(variant.key ?? who.privateKey);
}

const useAsBearer = (token: string) =>
  service.request({
    method: 'GET',
    url: '/v2.0/dispensary/demo/ecommerce/tickets',
    headers: { ...DEMO_CLIENT, authorization: `Bearer ${token}` },
  });

function unsigned(header: object, payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part(header)}.${part(payload)}.`;
}

describe('partner JWTs (v3)', () => {
  it('accepts a valid ES256 and a valid RS256 token as bearer', async () => {
    expect((await useAsBearer(await sign(es))).statusCode).toBe(200);
    expect((await useAsBearer(await sign(rs))).statusCode).toBe(200);
  });

  it('refuses a replayed token', async () => {
    const token = await sign(es);
    expect((await useAsBearer(token)).statusCode).toBe(200);
    const replay = await useAsBearer(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().resultDetail).toMatch(/already been used/);
  });

  const cases: { name: string; token: () => Promise<string>; detail: RegExp }[] = [
    {
      name: 'alg none',
      token: async () =>
        unsigned(
          { alg: 'none', kid: es.partner.certId },
          { iss: es.partner.certId, oid: DEMO.organizationId, aud: 'servicepay', jti: 'x' },
        ),
      detail: /alg "none" is not accepted/,
    },
    {
      name: 'HS256 keyed with the public key',
      token: async () =>
        new SignJWT({ oid: DEMO.organizationId })
          .setProtectedHeader({ alg: 'HS256', kid: es.partner.certId })
          .setIssuer(es.partner.certId)
          .setAudience('servicepay')
          .setIssuedAt()
          .setExpirationTime('2m')
          .setJti(randomUUID())
          .sign(new TextEncoder().encode(es.partner.publicKeyPem)),
      detail: /alg "HS256" is not accepted/,
    },
    {
      name: 'unknown kid',
      token: () => sign(es, { header: { kid: randomUUID() } }),
      detail: /kid does not name a registered partner/,
    },
    { name: 'signed by another key', token: () => sign(es, { key: stranger }), detail: /signature does not verify/ },
    { name: 'wrong iss', token: () => sign(es, { claims: { iss: rs.partner.certId } }), detail: /iss claim/ },
    { name: 'wrong oid', token: () => sign(es, { claims: { oid: randomUUID() } }), detail: /oid claim/ },
    { name: 'wrong aud', token: () => sign(es, { claims: { aud: 'someone-else' } }), detail: /aud claim/ },
    { name: 'expired', token: () => sign(es, { issuedAgo: 240, lifetime: 180 }), detail: /expired/ },
    { name: 'lives longer than 5 minutes', token: () => sign(es, { lifetime: 301 }), detail: /at most 5 minutes/ },
    { name: 'issued in the future', token: () => sign(es, { issuedAgo: -120 }), detail: /iat claim/ },
    { name: 'disabled partner', token: () => sign(disabled), detail: /partner is disabled/ },
    {
      name: 'RS256 header on an EC partner',
      token: () => sign(es, { header: { alg: 'RS256' }, key: rs.privateKey }),
      detail: /alg must be ES256/,
    },
    { name: 'not a JWT at all', token: async () => 'garbage-token', detail: /neither an access token nor a JWT/ },
  ];

  it.each(cases)('refuses $name (401)', async ({ token, detail }) => {
    const response = await useAsBearer(await token());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'UNAUTHENTICATED' });
    expect(response.json().resultDetail).toMatch(detail);
  });

  it('exchanges a JWT for an access token once, at /auth-v3/token', async () => {
    const jwt = await sign(rs);
    const exchange = () =>
      service.request({ method: 'POST', url: '/auth-v3/token', headers: { authorization: `Bearer ${jwt}` } });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      tokenType: 'Bearer',
      partner: { certId: rs.partner.certId, organizationId: DEMO.organizationId },
    });
    expect((await useAsBearer(first.json().token)).statusCode).toBe(200);
    expect((await exchange()).statusCode).toBe(401);
  });

  it('refuses to register keys that are too weak or not keys', async () => {
    const { db } = service.app.ctx;
    const partners = new PartnersRepository(db);
    const register = (publicKeyPem: string) =>
      db.write((tx) =>
        partners.register(tx, { name: 'weak', organizationId: DEMO.organizationId, publicKeyPem }, new Date()),
      );
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 });
    await expect(register('')).rejects.toThrow(/not a PEM public key/);
    await expect(register(weak.publicKey.export({ type: 'spki', format: 'pem' }).toString())).rejects.toThrow(
      /at least 2048 bits/,
    );
  });
});
