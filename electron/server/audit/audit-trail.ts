import type { AuditDay } from '../../../shared/contracts/audit.js';
import { invalidInput } from '../../../shared/errors.js';
import type { Dispensary } from '../catalog/dispensary-repository.js';
import type { Queryable } from '../db/query.js';
import { localDate, nextDate, startOfLocalDay } from '../payments/reports/local-time.js';
import type { AuditRepository } from './audit-repository.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A store's day of the audit trail (its local date in its time zone; today when `date` is
 * omitted): its events and its organization's that name no store, and with `withUnknownUsers`
 * the sign-ins with usernames nobody has.
 */
export async function auditDay(
  q: Queryable,
  audit: AuditRepository,
  dispensary: Dispensary,
  date: string | undefined,
  now: Date,
  withUnknownUsers = false,
): Promise<AuditDay> {
  const day = date ?? localDate(now, dispensary.timezone);
  if (!DATE.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw invalidInput('date', 'must be a date written YYYY-MM-DD');
  }
  const from = startOfLocalDay(day, dispensary.timezone).toISOString();
  const to = startOfLocalDay(nextDate(day), dispensary.timezone).toISOString();
  const { organizationId, id: dispensaryId } = dispensary;
  const events = await audit.day(q, { organizationId, dispensaryId, from, to, withUnknownUsers });
  return {
    resultCode: 'SUCCESS',
    resultReason: null,
    dispensaryShortName: dispensary.shortName,
    date: day,
    timeZone: dispensary.timezone,
    events,
  };
}
