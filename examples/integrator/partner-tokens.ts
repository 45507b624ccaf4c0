import { createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { ServiceError } from './service-error.js';

/**
 * The shop's tokens, minted from its partner key (README "Authentication", partners): it signs a
 * short-lived JWT and exchanges it at `POST /auth-v3/token`. No staff password is kept here, and
 * the browser only ever gets a `shopper` token, which pays and reads nothing of the store's.
 */

/** Who the shop is to ServicePay: what `servicepay partners add` issued for its public key. */
export interface Partner {
  certId: string;
  organizationId: string;
  /** The private key `servicepay jwt keygen` wrote (PEM, PKCS#8); it never leaves this server. */
  privateKeyPem: string;
}

/**
 * What a token acts as: the shop's own server (`integration`: its tickets and customers), or its
 * shopper's browser (`shopper`: pays and cancels its own payments, nothing more).
 */
export type TokenRole = 'integration' | 'shopper';

interface Issued {
  token: string;
  expiresAt: number;
}

/** Renews a token this long before it expires, so the browser never gets one about to lapse. */
const RENEW_BEFORE_MS = 5 * 60_000;
/** The JWT is exchanged at once: a minute is plenty (the service takes at most five). */
const JWT_LIFETIME_S = 60;

/** The partner key and the algorithm ServicePay registered it for; a clear error for anything else. */
export function partnerKey(pem: string): { key: KeyObject; algorithm: 'ES256' | 'RS256' } {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error('the partner key is not a private key in PEM (servicepay jwt keygen writes private.pem)');
  }
  if (key.asymmetricKeyType === 'rsa') return { key, algorithm: 'RS256' };
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { key, algorithm: 'ES256' };
  }
  throw new Error('the partner key must be an RSA or EC P-256 private key (servicepay jwt keygen writes one)');
}

export class PartnerTokens {
  private readonly signing: ReturnType<typeof partnerKey>;
  private readonly cached = new Map<TokenRole, Issued>();
  private readonly pending = new Map<TokenRole, Promise<Issued>>();

  constructor(
    private readonly serviceUrl: string,
    private readonly partner: Partner,
  ) {
    this.signing = partnerKey(partner.privateKeyPem);
  }

  /**
   * A valid token of `role`, renewed before it expires. Every shopper token of a partner acts as the
   * same partner, so one serves every browser; a shop may as well mint one per visitor.
   */
  async token(role: TokenRole): Promise<string> {
    const cached = this.cached.get(role);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached.token;
    // One exchange at a time per role; a failed one is not kept, so the next call tries again.
    let pending = this.pending.get(role);
    if (!pending) {
      pending = this.exchange(role).finally(() => this.pending.delete(role));
      this.pending.set(role, pending);
    }
    const issued = await pending;
    this.cached.set(role, issued);
    return issued.token;
  }

  private async exchange(role: TokenRole): Promise<Issued> {
    const response = await fetch(`${this.serviceUrl}/auth-v3/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.signJwt(role)}` },
    });
    const text = await response.text();
    if (!response.ok) throw new ServiceError(response.status, text);
    const answer = JSON.parse(text) as { token: string; expiresAt: string; role: string };
    // The browser must never get more than a shopper's token, whatever the service answered.
    if (answer.role !== role) throw new Error(`ServicePay issued a ${answer.role} token where a ${role} one was asked`);
    return { token: answer.token, expiresAt: Date.parse(answer.expiresAt) };
  }

  /** A JWT of the partner, used once (its jti); the scope "shopper" makes the token a browser's. */
  private signJwt(role: TokenRole): Promise<string> {
    const { certId, organizationId } = this.partner;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ oid: organizationId, ...(role === 'shopper' ? { scope: 'shopper' } : {}) })
      .setProtectedHeader({ alg: this.signing.algorithm, kid: certId, typ: 'JWT' })
      .setIssuer(certId)
      .setAudience('servicepay')
      .setIssuedAt(now)
      .setExpirationTime(now + JWT_LIFETIME_S)
      .setJti(randomUUID())
      .sign(this.signing.key);
  }
}
