import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { DataLayer } from '../db/data-layer.js';
import { dealDiscountsOfDay } from './audit-deals.js';
import { storeDay } from '../../../shared/zoned-day.js';
import type { AuditRepository } from '../core/audit-repository.js';

/**
 * A store's day of the audit trail (its local date in its time zone; today when `date` is
 * omitted): its events and its organization's that name no store, and with `withUnknownUsers`
 * the sign-ins with usernames nobody has; and what its deals took off the sales paid that day.
 */
export async function auditDay(
  q: DataLayer,
  audit: AuditRepository,
  dispensary: Dispensary,
  date: string | undefined,
  now: Date,
  withUnknownUsers = false,
): Promise<AuditDay> {
  const { day, from, to } = storeDay(date, dispensary.timezone, now);
  const { organizationId, id: dispensaryId } = dispensary;
  const events = await audit.day(q, { organizationId, dispensaryId, from, to, withUnknownUsers });
  return {
    resultCode: 'SUCCESS',
    resultReason: null,
    dispensaryShortName: dispensary.shortName,
    date: day,
    timeZone: dispensary.timezone,
    events,
    dealDiscounts: await dealDiscountsOfDay(q, q, dispensaryId, from, to),
  };
}
