import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { ROLE_PERMISSIONS, type Role } from '../../../shared/permissions.js';
import type { ServiceContext } from '../core/context.js';
import type { Queryable } from '../db/query.js';
import { AuditRepository } from '../core/audit-repository.js';
import { signInRefused } from './auth-audit.js';
import type { AuthService } from './auth-service.js';
import type { UserRecord } from './users-repository.js';
import { dummyHash, verifyPassword } from './passwords.js';
import { writeChangingCached } from '../db/epoch-cache.js';

/** The answer to a login or a partner token exchange. */
export interface IssuedToken {
  resultCode: 'SUCCESS';
  resultReason: null;
  token: string;
  tokenType: 'Bearer';
  expiresAt: string;
  expiresIn: number;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const refuse = (message: string) => new ServicePayError('UNAUTHENTICATED', message);

/** Decodes the login body of spec 4.2: base64 text of `{"username","password"}`. */
export function decodeCredentials(body: unknown): { username: string; password: string } {
  const text = typeof body === 'string' ? body.trim() : '';
  if (!text) throw invalidInput('body', 'must be the base64 encoding of {"username","password"}');
  if (!BASE64.test(text) || text.length % 4 === 1) throw invalidInput('body', 'is not valid base64');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    throw invalidInput('body', 'is base64 but does not decode to JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalidInput('body', 'must decode to a JSON object');
  const { username, password } = parsed as Record<string, unknown>;
  if (typeof username !== 'string' || !username.trim())
    throw invalidInput('username', 'is required (a non-empty string)');
  if (typeof password !== 'string' || !password) throw invalidInput('password', 'is required (a non-empty string)');
  if (username.length > 64 || password.length > 1024) throw invalidInput('username', 'or password is too long');
  return { username: username.trim().toLowerCase(), password };
}

/** Staff login (v2), partner token exchange (v3) and logout. Refused sign-ins go to the audit trail. */
export class LoginService {
  private readonly audit: AuditRepository;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly auth: AuthService,
  ) {
    this.audit = new AuditRepository(ctx.db);
  }

  /**
   * Signs a staff user in. `terminalId` is the register the login screen says it is on: kept with
   * the session (and with a refused sign-in in the audit trail).
   */
  async login(application: string | undefined, body: unknown, terminalId: string | null = null) {
    if (!application) throw refuse('x-application header is required');
    const app = await this.auth.applications.find(this.ctx.db, application);
    if (!app || app.disabled) throw refuse(`x-application "${application}" is not a registered application`);
    const { username, password } = decodeCredentials(body);
    const now = this.ctx.now();
    const user = await this.auth.users.find(this.ctx.db, username);
    if (user?.lockedUntil && user.lockedUntil > now.toISOString()) {
      await this.refused(user, terminalId, 'The account is locked after failed sign-ins', now);
      const retryAfterSeconds = Math.ceil((Date.parse(user.lockedUntil) - now.getTime()) / 1000);
      throw new ServicePayError(
        'RATE_LIMITED',
        `too many failed logins; the account is locked for ${retryAfterSeconds} s`,
        {
          retryAfterSeconds,
        },
      );
    }
    // An unknown user costs one scrypt too, so timing does not tell which usernames exist.
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !matches) {
      if (!user) await this.refused(undefined, terminalId, 'Unknown username', now);
      else {
        const { maxFailures, lockSeconds } = this.ctx.config.login;
        const lockUntil = new Date(now.getTime() + lockSeconds * 1000);
        const lapsed = user.lockedUntil !== null && user.lockedUntil <= now.toISOString();
        const locks = (lapsed ? 1 : user.failedLogins + 1) >= maxFailures;
        const reason = locks
          ? `Wrong password; the account is locked for ${lockSeconds / 60} minutes`
          : 'Wrong password';
        await this.ctx.db.write(async (tx) => {
          await this.auth.users.recordFailure(tx, user.id, maxFailures, now, lockUntil);
          await this.audit.record(tx, signInRefused(user, terminalId, reason, now));
        });
      }
      throw refuse('username or password is wrong');
    }
    if (user.disabled) {
      await this.refused(user, terminalId, 'The user is disabled', now);
      throw refuse('user is disabled');
    }
    const issued = await this.issue(
      'staff',
      user.id,
      user.organizationId,
      user.role,
      (tx) => this.auth.users.recordSuccess(tx, user),
      terminalId,
    );
    return {
      ...issued,
      user: {
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        role: user.role,
        permissions: [...ROLE_PERMISSIONS[user.role]],
        organizationId: user.organizationId,
        dispensaryId: user.dispensaryId,
        employeeReferenceId: user.employeeRef,
      },
    };
  }

  /** Exchanges a partner JWT (used once) for an access token acting as `integration` (or `shopper`: its `scope`). */
  async exchange(jwt: string) {
    const { partner, role } = await this.auth.spendPartnerJwt(jwt);
    const issued = await this.issue('partner', partner.certId, partner.organizationId, role);
    return {
      ...issued,
      partner: { certId: partner.certId, name: partner.name, organizationId: partner.organizationId },
      role,
    };
  }

  /** Revokes a token; true when it existed. */
  logout(token: string): Promise<boolean> {
    return writeChangingCached(this.ctx.db, (tx) => this.auth.tokens.revoke(tx, token));
  }

  /** Records a refused sign-in in the audit trail. */
  private refused(user: UserRecord | undefined, terminalId: string | null, reason: string, at: Date): Promise<void> {
    return this.ctx.db.write((tx) => this.audit.record(tx, signInRefused(user, terminalId, reason, at)));
  }

  private async issue(
    subjectKind: 'staff' | 'partner',
    subjectId: string,
    organizationId: string,
    role: Role,
    alongside?: (tx: Queryable) => Promise<void>,
    terminalId: string | null = null,
  ): Promise<IssuedToken> {
    const now = this.ctx.now();
    const expiresIn = this.ctx.config.tokenTtlSeconds;
    const expiresAt = new Date(now.getTime() + expiresIn * 1000).toISOString();
    const token = await this.ctx.db.write(async (tx) => {
      await alongside?.(tx);
      await this.auth.tokens.purgeExpired(tx, now);
      return this.auth.tokens.issue(tx, { subjectKind, subjectId, organizationId, role, expiresAt, terminalId }, now);
    });
    return { resultCode: 'SUCCESS', resultReason: null, token, tokenType: 'Bearer', expiresAt, expiresIn };
  }
}
