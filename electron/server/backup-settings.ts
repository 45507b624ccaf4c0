import { resolve } from 'node:path';
import { DEFAULT_BACKUPS, type BackupConfig } from './core/config.js';
import { optionVariable, wholeOption, type WholeOption } from './whole-options.js';

/**
 * The backup settings of the environment (`SERVICEPAY_BACKUP_DIR`, `SERVICEPAY_BACKUP_EVERY_HOURS`,
 * `SERVICEPAY_BACKUP_KEEP`), so the Electron app and `npm start` honour them as `serve` does. A
 * value that is not one the option takes throws an Error in `serve`'s words ("--backup-every-hours
 * takes a number of hours, 1 or more (0 turns automatic backups off), not "-1""): the start stops
 * and says so, rather than back up on a schedule nobody chose.
 */
export function backupConfigFromEnv(env: NodeJS.ProcessEnv): BackupConfig {
  const whole = (name: WholeOption, fallback: number): number => {
    const text = env[optionVariable(name)];
    if (text === undefined) return fallback;
    const value = wholeOption(name, text);
    if (typeof value === 'string') throw new Error(value);
    return value;
  };
  return {
    dir: env.SERVICEPAY_BACKUP_DIR ? resolve(env.SERVICEPAY_BACKUP_DIR) : null,
    everyHours: whole('backup-every-hours', DEFAULT_BACKUPS.everyHours),
    keep: whole('backup-keep', DEFAULT_BACKUPS.keep),
  };
}
