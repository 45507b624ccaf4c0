import { describe, expect, it } from 'vitest';
import type { BackupStatus } from '../../../../shared/contracts/backup.js';
import { backupLine, backupWarns } from '../../../../renderer/backoffice/logic/backup-words.js';

const NOW = new Date('2026-11-25T20:00:00Z'); // 12:00 PM in Los Angeles
const ZONE = 'America/Los_Angeles';
const NB = '\u00a0';
const status = (change: Partial<BackupStatus> = {}): BackupStatus => ({
  resultCode: 'SUCCESS',
  resultReason: null,
  engine: 'sqlite',
  last: { finishedAt: '2026-11-25T11:00:00Z', fileName: 'servicepay-x.db', bytes: 1000, automatic: true },
  schedule: { everyHours: 24, keep: 7, nextAt: '2026-11-26T11:00:00Z', lastFailure: null },
  ...change,
});

describe("the back office's line about backups", () => {
  it('says the last backup, the schedule and the next, in the store’s time', () => {
    expect(backupLine(status(), ZONE, NOW)).toBe(
      `Last backup: Today, 3:00${NB}AM${NB}PST (automatic). Automatic every day, keeping the last 7. ` +
        `Next: Tomorrow, 3:00${NB}AM${NB}PST.`,
    );
    expect(backupWarns(status(), NOW)).toBe(false);
  });

  it('says so when there is none yet, or none in two days, and warns', () => {
    expect(backupLine(status({ last: null }), ZONE, NOW)).toMatch(
      /^No backup of this register yet\. Automatic every day/,
    );
    expect(backupWarns(status({ last: null }), NOW)).toBe(true);
    const old = status({ last: { ...status().last!, finishedAt: '2026-11-23T10:00:00Z' } });
    expect(backupWarns(old, NOW)).toBe(true);
  });

  it('puts a failed automatic backup first, with why and when it is tried again, and warns', () => {
    const failed = status({
      schedule: {
        ...status().schedule!,
        nextAt: '2026-11-25T21:00:00Z',
        lastFailure: { at: '2026-11-25T20:00:00Z', reason: 'the disk is full' },
      },
    });
    expect(backupLine(failed, ZONE, NOW)).toBe(
      `The automatic backup failed (Today, 12:00${NB}PM${NB}PST): the disk is full. ` +
        `Trying again Today, 1:00${NB}PM${NB}PST. Last backup: Today, 3:00${NB}AM${NB}PST (automatic).`,
    );
    expect(backupWarns(failed, NOW)).toBe(true);
  });

  it('says when the service makes none, and never warns about a PostgreSQL server', () => {
    expect(backupLine(status({ schedule: null }), ZONE, NOW)).toMatch(/\. Automatic backups are off\.$/);
    const server = status({ engine: 'postgres', last: null, schedule: null });
    expect(backupLine(server, ZONE, NOW)).toBe(
      "This store server's database is backed up by its administrator (pg_dump), not by ServicePay.",
    );
    expect(backupWarns(server, NOW)).toBe(false);
  });
});
