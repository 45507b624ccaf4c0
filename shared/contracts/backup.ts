import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { Count } from '../numbers.js';

/** `GET /v2.0/backups/latest`: the register's last backup, for the back office's line about it. */
export const BackupStatusSchema = Type.Object({
  ...SuccessFields,
  /** `sqlite`: the service backs the register up; `postgres`: the database administrator does (pg_dump). */
  engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  last: Type.Union([
    Type.Object({
      /** ISO 8601 UTC; screens show it in the store's time. */
      finishedAt: Type.String(),
      /** The file's name (its folder is the service's business). */
      fileName: Type.String(),
      bytes: Count(),
      automatic: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  /**
   * Every how many hours the service backs up, how many it keeps, when the next is due (ISO 8601
   * UTC; null while one is being made or before the schedule is set at start), and the last
   * automatic backup that failed with none made since (when, and why in words); null when the
   * service makes none.
   */
  schedule: Type.Union([
    Type.Object({
      everyHours: Count(),
      keep: Count(),
      nextAt: Type.Union([Type.String(), Type.Null()]),
      lastFailure: Type.Union([Type.Object({ at: Type.String(), reason: Type.String() }), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type BackupStatus = Static<typeof BackupStatusSchema>;
