import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import { ServicePayError } from '../../../shared/errors.js';
import { ROLES } from '../../../shared/permissions.js';
import type { ServiceContext } from '../context.js';
import type { AuthService } from './auth-service.js';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords.js';
import type { UserRecord } from './users-repository.js';

/** Wrong own passwords on one locked register before it waits (a manager can still unlock it). */
const MAX_WRONG = 5;
const WAIT_SECONDS = 60;
const MANAGERS = new Set(['manager', 'admin']);

const UnlockRequest = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    username: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'A manager or admin unlocking; omit for your own.' }),
    ),
  },
  { additionalProperties: false },
);

const UnlockResponse = Type.Object({
  ...SuccessFields,
  unlockedBy: Type.Object({ username: Type.String(), displayName: Type.String(), role: Type.Enum(ROLES) }),
});

/** Wrong own passwords per locked session, in memory: a register's lock, not an account's. */
class WrongUnlocks {
  private readonly byToken = new Map<string, { count: number; until: number }>();

  waitSeconds(token: string, now: number): number {
    const entry = this.byToken.get(token);
    return entry && entry.until > now ? Math.ceil((entry.until - now) / 1000) : 0;
  }

  count(token: string, now: number): void {
    for (const [key, entry] of this.byToken) if (entry.until && entry.until <= now) this.byToken.delete(key);
    const entry = this.byToken.get(token) ?? { count: 0, until: 0 };
    entry.count += 1;
    if (entry.count >= MAX_WRONG) entry.until = now + WAIT_SECONDS * 1000;
    this.byToken.set(token, entry);
  }

  clear(token: string): void {
    this.byToken.delete(token);
  }
}

/**
 * `POST /auth-v2/unlock`: unlocks a locked register (its session's bearer token) with the
 * signed-in user's own password, or with a manager's or admin's username and password. Unlocking
 * is not a login: a wrong own password never counts towards locking the account (the cashier can
 * still sign in elsewhere) and the open sale is never held; after five in a row the register waits
 * a minute, while a manager can unlock it at once. A manager's wrong password counts against the
 * manager's account as a login would.
 */
export function registerUnlockRoute(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  const wrong = new WrongUnlocks();

  async function managerUnlock(username: string, password: string, organizationId: string): Promise<UserRecord> {
    const now = ctx.now();
    const manager = auth.users.find(username.trim().toLowerCase());
    if (manager?.lockedUntil && manager.lockedUntil > now.toISOString()) {
      const retryAfterSeconds = Math.ceil((Date.parse(manager.lockedUntil) - now.getTime()) / 1000);
      throw new ServicePayError('RATE_LIMITED', `${manager.username} is locked after failed logins`, {
        retryAfterSeconds,
      });
    }
    const matches = await verifyPassword(password, manager?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!manager || !matches || manager.disabled || manager.organizationId !== organizationId) {
      if (manager && !matches) {
        const { maxFailures, lockSeconds } = ctx.config.login;
        const lockUntil = new Date(now.getTime() + lockSeconds * 1000);
        await ctx.writes.run(() => auth.users.recordFailure(manager.id, maxFailures, now, lockUntil));
      }
      throw new ServicePayError('FORBIDDEN', 'the manager username or password is wrong');
    }
    if (!MANAGERS.has(manager.role)) {
      throw new ServicePayError('FORBIDDEN', "only a manager or an admin can unlock another person's register");
    }
    return manager;
  }

  async function ownUnlock(token: string, username: string, userId: string, password: string): Promise<UserRecord> {
    const now = ctx.now().getTime();
    const wait = wrong.waitSeconds(token, now);
    if (wait > 0) {
      throw new ServicePayError('RATE_LIMITED', `too many wrong passwords; try again in ${wait} s or ask a manager`, {
        retryAfterSeconds: wait,
      });
    }
    const user = auth.users.find(username);
    const matches = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || user.id !== userId || !matches) {
      wrong.count(token, now);
      throw new ServicePayError('FORBIDDEN', 'the password is wrong');
    }
    wrong.clear(token);
    return user;
  }

  app.post<{ Body: { password: string; username?: string } }>(
    '/auth-v2/unlock',
    {
      onRequest: auth.guard({ staffOnly: true }),
      config: { consumes: ['application/json'] },
      schema: {
        tags: ['auth'],
        summary: "Unlock a locked register: the user's own password, or a manager's login",
        security: [{ bearer: [] }],
        body: UnlockRequest,
        response: { 200: UnlockResponse, ...failures(400, 401, 403, 415, 429) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const { password, username } = request.body;
      const own = !username || username.trim().toLowerCase() === principal.name;
      const user = own
        ? await ownUnlock(auth.bearerToken(request), principal.name, principal.subjectId, password)
        : await managerUnlock(username, password, principal.organizationId);
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        unlockedBy: { username: user.username, displayName: user.displayName, role: user.role },
      };
    },
  );
}
