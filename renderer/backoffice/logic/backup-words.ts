import type { BackupStatus } from '../../../shared/contracts/backup';
import { storeDateTime } from '../../../shared/store-time';

/** How old a backup may get before the line warns (a day's schedule, plus a missed run). */
const STALE_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The back office's line about the register's backups, in the store's time: the last one, the
 * schedule and the next; a failed automatic backup first, with why and when it is tried again.
 */
export function backupLine(status: BackupStatus, timeZone: string, now = new Date()): string {
  if (status.engine === 'postgres') {
    return "This store server's database is backed up by its administrator (pg_dump), not by ServicePay.";
  }
  const plan = status.schedule;
  const when = (at: string) => storeDateTime(at, timeZone, now);
  const next = plan?.nextAt ? ` Next: ${when(plan.nextAt)}.` : '';
  const schedule = plan
    ? `Automatic every ${plan.everyHours === 24 ? 'day' : `${plan.everyHours} hours`}, keeping the last ${plan.keep}.${next}`
    : 'Automatic backups are off.';
  const last = status.last
    ? `Last backup: ${when(status.last.finishedAt)} (${status.last.automatic ? 'automatic' : 'made by hand'}).`
    : 'No backup of this register yet.';
  const failed = plan?.lastFailure;
  if (failed) {
    const again = plan.nextAt ? ` Trying again ${when(plan.nextAt)}.` : '';
    return `The automatic backup failed (${when(failed.at)}): ${failed.reason}.${again} ${last}`;
  }
  return `${last} ${schedule}`;
}

/** True when the line should warn: no backup, none in two days, or the last automatic one failed. */
export function backupWarns(status: BackupStatus, now = new Date()): boolean {
  if (status.engine !== 'sqlite') return false;
  if (status.schedule?.lastFailure) return true;
  return !status.last || now.getTime() - Date.parse(status.last.finishedAt) > STALE_MS;
}
