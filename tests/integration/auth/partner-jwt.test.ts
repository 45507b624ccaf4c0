import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnersRepository } from '../../../electron/server/auth/partners-repository.js';
import { DEMO } from '../../../electron/server/demo/demo-catalog.js';
import { DEMO_CLIENT, demoService, type DemoService } from '../support/demo-service.js';
import { registerPartner, signJwt, type TestPartner } from '../support/partner-keys.js';

let service: DemoService;
let es: TestPartner;
let rs: TestPartner;
let stranger: CryptoKey;
let disabled: TestPartner;

beforeAll(async () => {
  service = await demoService();
  es = await registerPartner(service.app, 'ES256', 'Storefront Co');
  rs = await registerPartner(service.app, 'RS256', 'Kiosk Inc');
  disabled = await registerPartner(service.app, 'ES256', 'Gone Ltd');
  const { db } = service.app.ctx;
  await db.write((tx) => new PartnersRepository(db).disable(tx, disabled.partner.certId));
  stranger = (await generateKeyPair('ES256')).privateKey;
});
afterAll(() => service.close());

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
    expect((await useAsBearer(await signJwt(es))).statusCode).toBe(200);
    expect((await useAsBearer(await signJwt(rs))).statusCode).toBe(200);
  });

  it('refuses a replayed token', async () => {
    const token = await signJwt(es);
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
      token: () => signJwt(es, { header: { kid: randomUUID() } }),
      detail: /kid does not name a registered partner/,
    },
    { name: 'signed by another key', token: () => signJwt(es, { key: stranger }), detail: /signature does not verify/ },
    { name: 'wrong iss', token: () => signJwt(es, { claims: { iss: rs.partner.certId } }), detail: /iss claim/ },
    { name: 'wrong oid', token: () => signJwt(es, { claims: { oid: randomUUID() } }), detail: /oid claim/ },
    { name: 'wrong aud', token: () => signJwt(es, { claims: { aud: 'someone-else' } }), detail: /aud claim/ },
    { name: 'expired', token: () => signJwt(es, { issuedAgo: 240, lifetime: 180 }), detail: /expired/ },
    { name: 'lives longer than 5 minutes', token: () => signJwt(es, { lifetime: 301 }), detail: /at most 5 minutes/ },
    { name: 'issued in the future', token: () => signJwt(es, { issuedAgo: -120 }), detail: /iat claim/ },
    { name: 'disabled partner', token: () => signJwt(disabled), detail: /partner is disabled/ },
    {
      name: 'RS256 header on an EC partner',
      token: () => signJwt(es, { header: { alg: 'RS256' }, key: rs.privateKey }),
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
    const jwt = await signJwt(rs);
    const exchange = () =>
      service.request({ method: 'POST', url: '/auth-v3/token', headers: { authorization: `Bearer ${jwt}` } });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      tokenType: 'Bearer',
      partner: { certId: rs.partner.certId, organizationId: DEMO.organizationId },
      role: 'integration',
    });
    expect((await useAsBearer(first.json().token)).statusCode).toBe(200);
    expect((await exchange()).statusCode).toBe(401);
  });

  it('gives a JWT scoped "shopper" a token that pays and reads nothing of the store; refuses another scope', async () => {
    const jwt = await signJwt(es, { claims: { scope: 'shopper' } });
    const answer = await service.request({
      method: 'POST',
      url: '/auth-v3/token',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ role: 'shopper' });
    // Tickets (and customers, and other payments) are the partner's server's to read, not the browser's.
    const tickets = await useAsBearer(answer.json().token);
    expect(tickets.statusCode).toBe(403);
    const wider = await useAsBearer(await signJwt(es, { claims: { scope: 'admin' } }));
    expect(wider.statusCode).toBe(401);
    expect(wider.json().resultDetail).toMatch(/scope claim must be "shopper"/);
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
