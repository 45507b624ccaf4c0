import { randomUUID } from 'node:crypto';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import type { FastifyInstance } from 'fastify';
import { PartnersRepository, type PartnerRecord } from '../../../electron/server/auth/partners-repository.js';
import { DEMO } from '../../../electron/server/demo/demo-catalog.js';

/** A partner registered with a fresh key pair, as `servicepay partners add` registers one. */
export interface TestPartner {
  partner: PartnerRecord;
  privateKey: CryptoKey;
}

export async function registerPartner(
  app: FastifyInstance,
  alg: 'ES256' | 'RS256',
  name: string,
): Promise<TestPartner> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const { db } = app.ctx;
  const publicKeyPem = await exportSPKI(publicKey);
  const partner = await db.write((tx) =>
    new PartnersRepository(db).register(tx, { name, organizationId: DEMO.organizationId, publicKeyPem }, new Date()),
  );
  return { partner, privateKey };
}

/** How a test's JWT differs from a valid one. */
export interface JwtVariant {
  claims?: JWTPayload;
  header?: Record<string, unknown>;
  key?: CryptoKey;
  lifetime?: number;
  issuedAgo?: number;
}

/** A JWT the partner signs (valid, unless `variant` says otherwise), as the README's partner section does. */
export async function signJwt(who: TestPartner, variant: JwtVariant = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000) - (variant.issuedAgo ?? 0);
  const { partner } = who;
  return new SignJWT({ iss: partner.certId, aud: 'servicepay', oid: partner.organizationId, ...variant.claims })
    .setProtectedHeader({ alg: partner.algorithm, kid: partner.certId, ...variant.header })
    .setIssuedAt(now)
    .setExpirationTime(now + (variant.lifetime ?? 120))
    .setJti(randomUUID())
    .sign(variant.key ?? who.privateKey);
}
