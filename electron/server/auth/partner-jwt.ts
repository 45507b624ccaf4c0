import { createPublicKey, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { ServicePayError } from '../../../shared/errors.js';
import type { Queryable } from '../db/query.js';
import type { PartnerRecord, PartnersRepository } from './partners-repository.js';

/** Longest lifetime a partner JWT may declare (exp − iat), and the clock skew tolerated. */
export const MAX_JWT_LIFETIME_SECONDS = 300;
const CLOCK_SKEW_SECONDS = 30;

/** A verified partner JWT, before its `jti` is spent. */
export interface VerifiedPartnerJwt {
  partner: PartnerRecord;
  jti: string;
  expiresAt: Date;
  /**
   * What the token acts as: `integration` (the partner's server), or `shopper` where the JWT's
   * `scope` claim says "shopper" (its shopper's browser: pays, reads nothing of the store's).
   */
  role: 'integration' | 'shopper';
}

const refuse = (message: string) => new ServicePayError('UNAUTHENTICATED', message);

/** Whether a bearer token looks like a compact JWS (three base64url parts). */
export function looksLikeJwt(token: string): boolean {
  // The signature part may be empty (alg "none"), which verify() then refuses by name.
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

/**
 * Verifies a partner JWT (spec 5.4, DESIGN "Auth"): RS256 or ES256 only, `kid` naming an enabled
 * partner, signature by that partner's key, `iss` = certId, `oid` = its organization, `aud`, `iat`
 * not in the future, `exp` not passed and at most 5 minutes after `iat`, and a `jti`. Replays are
 * the caller's check (it records the jti in the database).
 */
export class PartnerJwtVerifier {
  private readonly keys = new Map<string, KeyObject>();

  constructor(
    private readonly db: Queryable,
    private readonly partners: PartnersRepository,
    private readonly audience: string,
  ) {}

  async verify(token: string, now: Date): Promise<VerifiedPartnerJwt> {
    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw refuse('bearer token is neither an access token nor a well-formed JWT');
    }
    if (header.alg !== 'RS256' && header.alg !== 'ES256') {
      throw refuse(`JWT alg "${String(header.alg)}" is not accepted; sign with RS256 or ES256`);
    }
    if (!header.kid) throw refuse('JWT header kid (the certId) is required');
    const partner = await this.partners.find(this.db, header.kid);
    if (!partner) throw refuse('JWT kid does not name a registered partner');
    if (partner.disabled) throw refuse('partner is disabled');
    if (header.alg !== partner.algorithm) throw refuse(`JWT alg must be ${partner.algorithm} for this partner's key`);

    const payload = await this.checkSignatureAndClaims(token, partner, now);
    if (payload.oid !== partner.organizationId) throw refuse("JWT oid claim is not the partner's organizationId");
    const iat = payload.iat!;
    const exp = payload.exp!;
    if (iat > now.getTime() / 1000 + CLOCK_SKEW_SECONDS) throw refuse('JWT iat claim is in the future');
    if (exp - iat > MAX_JWT_LIFETIME_SECONDS) throw refuse('JWT exp must be at most 5 minutes after iat');
    if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 200) {
      throw refuse('JWT jti claim must be a string of 1-200 characters');
    }
    const { scope } = payload;
    if (scope !== undefined && scope !== 'shopper') {
      throw refuse('JWT scope claim must be "shopper" (a token for a shopper\'s browser) or left out');
    }
    return { partner, jti: payload.jti, expiresAt: new Date(exp * 1000), role: scope ?? 'integration' };
  }

  private async checkSignatureAndClaims(token: string, partner: PartnerRecord, now: Date): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.keyOf(partner), {
        algorithms: [partner.algorithm],
        audience: this.audience,
        issuer: partner.certId,
        currentDate: now,
        clockTolerance: CLOCK_SKEW_SECONDS,
        requiredClaims: ['iat', 'exp', 'jti', 'oid'],
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw refuse('JWT has expired');
      if (error instanceof errors.JWTClaimValidationFailed)
        throw refuse(`JWT ${error.claim} claim is not valid: ${error.reason}`);
      if (error instanceof errors.JWSSignatureVerificationFailed)
        throw refuse('JWT signature does not verify with the partner key');
      throw refuse('JWT is not valid');
    }
  }

  private keyOf(partner: PartnerRecord): KeyObject {
    let key = this.keys.get(partner.certId);
    if (!key) {
      key = createPublicKey(partner.publicKeyPem);
      this.keys.set(partner.certId, key);
    }
    return key;
  }
}
