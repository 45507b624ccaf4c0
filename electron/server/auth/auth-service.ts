import type { FastifyRequest } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';
import { ROLE_PERMISSIONS, ROLES, type Permission, type Role } from '../../../shared/permissions.js';
import type { ServiceContext } from '../core/context.js';
import { EpochCache } from '../db/epoch-cache.js';
import { ACCESS_TOKEN_PREFIX, AccessTokensRepository, type ActiveTokenRecord } from './access-tokens-repository.js';
import { ApiClientsRepository, type ApiClientRecord } from './api-clients-repository.js';
import { ApplicationsRepository } from './applications-repository.js';
import { looksLikeJwt, PartnerJwtVerifier, type VerifiedPartnerJwt } from './partner-jwt.js';
import { PartnersRepository } from './partners-repository.js';
import type { AccessRule, ApiClientIdentity, Principal, RequestGuard } from '../core/principal.js';
import { sameDigest, sha256 } from './secrets.js';
import { UsersRepository } from './users-repository.js';
import { TERMINAL_SIGNED_IN_ELSEWHERE } from '../../../shared/terminal-id.js';

const PERMISSION_SETS = {} as Record<Role, ReadonlySet<Permission>>;
for (const role of ROLES) PERMISSION_SETS[role] = new Set(ROLE_PERMISSIONS[role]);

const refuse = (message: string) => new ServicePayError('UNAUTHENTICATED', message);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Authenticates requests: API client credentials, staff access tokens and partner JWTs. */
export class AuthService implements RequestGuard {
  readonly users: UsersRepository;
  readonly applications: ApplicationsRepository;
  readonly clients: ApiClientsRepository;
  readonly tokens: AccessTokensRepository;
  readonly partners: PartnersRepository;
  private readonly partnerJwts: PartnerJwtVerifier;
  /**
   * API clients and access tokens as last read, until the cache epoch moves: every change to what
   * they answer (a token revoked or given its register, a client, user or partner disabled) is
   * followed by `db.invalidateCaches()` once committed, so every instance reads them again.
   */
  private readonly clientCache: EpochCache<ApiClientRecord>;
  private readonly tokenCache: EpochCache<ActiveTokenRecord>;

  constructor(private readonly ctx: ServiceContext) {
    this.clientCache = new EpochCache(ctx.db);
    this.tokenCache = new EpochCache(ctx.db);
    this.users = new UsersRepository(ctx.db);
    this.applications = new ApplicationsRepository(ctx.db);
    this.clients = new ApiClientsRepository(ctx.db);
    this.tokens = new AccessTokensRepository(ctx.db);
    this.partners = new PartnersRepository(ctx.db);
    this.partnerJwts = new PartnerJwtVerifier(ctx.db, this.partners, ctx.config.jwtAudience);
  }

  /** An onRequest hook enforcing `rule`; sets `request.apiClient` and `request.principal`. */
  guard(rule: AccessRule): (request: FastifyRequest) => Promise<void> {
    return async (request) => {
      const principal = await this.authenticate(request, rule);
      if (!principal) return;
      request.principal = principal;
      if (rule.staffOnly && principal.kind !== 'staff') {
        throw new ServicePayError('FORBIDDEN', 'only a staff login may call this route');
      }
      if (rule.permission && !principal.permissions.has(rule.permission)) {
        throw new ServicePayError(
          'FORBIDDEN',
          `the ${principal.role} role does not have the ${rule.permission} permission`,
        );
      }
      if (request.apiClient && request.apiClient.organizationId !== principal.organizationId) {
        throw new ServicePayError('FORBIDDEN', 'the API client and the bearer token belong to different organizations');
      }
    };
  }

  /**
   * Checks the client credentials (when the rule wants them) and the bearer token (unless it does
   * not), setting `request.apiClient`. An access token and the client are looked up together (two
   * reads at once); a partner JWT only after the client passed, so a request with a wrong client
   * never spends the JWT. The client's failure is the one reported when both fail.
   */
  private async authenticate(request: FastifyRequest, rule: AccessRule): Promise<Principal | undefined> {
    const wantsBearer = rule.bearer !== false;
    const accessToken = wantsBearer && header(request, 'authorization')?.includes(ACCESS_TOKEN_PREFIX);
    if (rule.client && accessToken) {
      const [client, bearer] = await Promise.allSettled([
        this.authenticateClient(request),
        this.authenticateBearer(request),
      ]);
      if (client.status === 'rejected') throw client.reason;
      request.apiClient = client.value;
      if (bearer.status === 'rejected') throw bearer.reason;
      return bearer.value;
    }
    if (rule.client) request.apiClient = await this.authenticateClient(request);
    return wantsBearer ? this.authenticateBearer(request) : undefined;
  }

  /** The bearer token of a request, or UNAUTHENTICATED. */
  bearerToken(request: FastifyRequest): string {
    const authorization = header(request, 'authorization');
    if (!authorization) throw refuse('Authorization header with a Bearer token is required');
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) throw refuse('Authorization header must be "Bearer <token>"');
    return match[1]!;
  }

  /** Verifies a partner JWT and spends its `jti` durably, so it is accepted once only. */
  async spendPartnerJwt(token: string): Promise<VerifiedPartnerJwt> {
    const verified = await this.partnerJwts.verify(token, this.ctx.now());
    const fresh = await this.ctx.db.write((tx) =>
      this.partners.useJwtId(tx, verified.partner.certId, verified.jti, verified.expiresAt),
    );
    if (!fresh) throw refuse('JWT has already been used (its jti was seen before); sign a new one');
    return verified;
  }

  private async authenticateClient(request: FastifyRequest): Promise<ApiClientIdentity> {
    const clientId = header(request, 'client_id');
    const secret = header(request, 'client_secret');
    if (!clientId) throw refuse('client_id header is required');
    if (!secret) throw refuse('client_secret header is required');
    const client = await this.clientCache.get(clientId, () => this.clients.find(this.ctx.db, clientId));
    // Hash even for an unknown client so both failures take the same time.
    const digest = sha256(secret);
    if (!client || !sameDigest(digest, client.secretHash)) throw refuse('client_id or client_secret is wrong');
    if (client.disabled) {
      // A terminal's client is disabled when the terminal is enrolled again (terminal-client-routes.ts).
      throw refuse(client.name.startsWith('terminal ') ? TERMINAL_SIGNED_IN_ELSEWHERE : 'API client is disabled');
    }
    const { organizationId, dispensaryId, name } = client;
    return { clientId: client.clientId, organizationId, dispensaryId, name };
  }

  private async authenticateBearer(request: FastifyRequest): Promise<Principal> {
    const token = this.bearerToken(request);
    if (token.startsWith(ACCESS_TOKEN_PREFIX)) return this.fromAccessToken(token);
    if (looksLikeJwt(token)) {
      const { partner, role } = await this.spendPartnerJwt(token);
      return {
        kind: 'partner',
        subjectId: partner.certId,
        organizationId: partner.organizationId,
        dispensaryId: null,
        role,
        permissions: PERMISSION_SETS[role],
        name: partner.name,
        employeeRef: null,
        terminalId: null,
      };
    }
    throw refuse('bearer token is neither an access token nor a JWT');
  }

  private async fromAccessToken(token: string): Promise<Principal> {
    const record = await this.tokenCache.get(token, () => this.tokens.find(this.ctx.db, token));
    if (!record) throw refuse('bearer token is not valid (unknown or revoked); log in again');
    if (record.expiresAt <= this.ctx.now().toISOString()) throw refuse('bearer token has expired; log in again');
    if (record.subjectDisabled) throw refuse(`${record.subjectKind === 'staff' ? 'user' : 'partner'} is disabled`);
    return {
      kind: record.subjectKind,
      subjectId: record.subjectId,
      organizationId: record.organizationId,
      dispensaryId: record.dispensaryId,
      role: record.role,
      permissions: PERMISSION_SETS[record.role],
      name: record.subjectName,
      employeeRef: record.employeeRef,
      terminalId: record.terminalId,
    };
  }
}
