import type { FastifyRequest } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';
import { sameDigest, sha256 } from '../auth/secrets.js';
import type { DataLayer } from '../db/data-layer.js';
import type { RegistersRepository } from './registers-repository.js';

/** A register proven by its own credentials. */
export interface RegisterIdentity {
  registerId: string;
  dispensaryId: string;
  name: string;
}

const unauthenticated = (message: string) => new ServicePayError('UNAUTHENTICATED', message);

/** `registerId` and `secret` of an `Authorization: Basic …` header, or undefined. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match) return undefined;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon > 0 ? { id: text.slice(0, colon), secret: text.slice(colon + 1) } : undefined;
}

/**
 * Checks a register's credentials (HTTP Basic: register id and secret) on a route registers call:
 * an unknown register, a wrong secret and a revoked register are refused, each saying what to do.
 * A register's visit is written down at most once a minute.
 */
export function registerGuard(db: DataLayer, registers: RegistersRepository, now: () => Date) {
  return async (request: FastifyRequest): Promise<RegisterIdentity> => {
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) {
      throw unauthenticated('a register sends its register id and secret (HTTP Basic) on this route');
    }
    const register = await registers.find(db, credentials.id);
    if (!register || !sameDigest(register.secretHash, sha256(credentials.secret))) {
      throw unauthenticated('these register credentials are not known here: attach the register again');
    }
    if (register.revokedAt !== null) {
      throw unauthenticated(
        `register ${register.name} was revoked by a manager: attach it again to sell through this server`,
      );
    }
    const at = now();
    if (register.lastSeenAt === null || at.getTime() - Date.parse(register.lastSeenAt) > 60_000) {
      await db.write((tx) => registers.markSeen(tx, register.registerId, at));
    }
    return { registerId: register.registerId, dispensaryId: register.dispensaryId, name: register.name };
  };
}
