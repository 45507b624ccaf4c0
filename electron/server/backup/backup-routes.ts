import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { BackupStatusSchema } from '../../../shared/contracts/backup.js';
import { failures } from '../../../shared/contracts/common.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import type { AutomaticBackups } from './automatic-backups.js';
import { BackupsRepository } from './backups-repository.js';

/** `GET /v2.0/backups/latest`: when the register's database was last backed up (managers). */
export function registerBackupRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  automatic: AutomaticBackups,
): void {
  const backups = new BackupsRepository(ctx.db);
  app.get(
    '/v2.0/backups/latest',
    {
      onRequest: auth.guard({ permission: 'audit:read', staffOnly: true }),
      schema: {
        tags: ['backups'],
        summary: "The register database's last backup and the automatic schedule",
        security: [{ bearer: [] }],
        response: { 200: BackupStatusSchema, ...failures(401, 403) },
      },
    },
    async () => {
      const last = await backups.latest(ctx.db);
      const { everyHours, keep } = ctx.config.backups;
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        engine: ctx.db.kind,
        last: last
          ? { finishedAt: last.finishedAt, fileName: basename(last.file), bytes: last.bytes, automatic: last.automatic }
          : null,
        schedule: automatic.enabled
          ? { everyHours, keep, nextAt: automatic.nextAt, lastFailure: automatic.lastFailure }
          : null,
      };
    },
  );
}
