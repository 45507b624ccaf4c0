import { storedProgramme } from '../../../shared/loyalty/points.js';
import type { Builder } from '../db/query.js';
import { parseManagerApproval } from './dispensary-rules.js';
import type { Dispensary, OpeningHours } from './dispensary.js';

// A store's row with its address and primary location, read once for every lookup, and the store it makes.

export const selectDispensaries = (k: Builder) =>
  k
    .selectFrom('dispensaries as d')
    .innerJoin('addresses as a', 'a.id', 'd.address_id')
    .select((eb) => [
      'd.id',
      'd.organization_id',
      'd.short_name',
      'd.name',
      'd.timezone',
      'd.preparation_minutes',
      'd.opening_hours',
      'd.blind_close',
      'd.manager_approval',
      'd.compliance_profile',
      'd.licence_number',
      'd.offline_card_max_cents',
      'd.offline_card_total_cents',
      'd.pickup_hold_hours',
      'd.adjustment_pin_milli',
      'd.manual_discount_pin_percent',
      'd.loyalty',
      eb
        .selectFrom('locations as l')
        .select('l.id')
        .whereRef('l.dispensary_id', '=', 'd.id')
        .where('l.is_primary', '=', 1)
        .orderBy('l.id')
        .limit(1)
        .as('primary_location_id'),
      'a.id as address_id',
      'a.street',
      'a.city',
      'a.state',
      'a.county',
      'a.country',
      'a.type',
      'a.zip',
      'a.comment',
      'a.longitude',
      'a.latitude',
      'a.apt',
      'a.is_primary',
    ]);

export type DispensaryRow = Awaited<ReturnType<ReturnType<typeof selectDispensaries>['executeTakeFirstOrThrow']>>;

export function toDispensary(row: DispensaryRow): Dispensary {
  const { address_id: id, is_primary: isPrimary, street, city, state, county, country, type, zip } = row;
  const { comment, longitude, latitude, apt } = row;
  return {
    id: row.id,
    organizationId: row.organization_id,
    shortName: row.short_name,
    name: row.name,
    timezone: row.timezone,
    preparationMinutes: row.preparation_minutes,
    openingHours: JSON.parse(row.opening_hours) as (OpeningHours | null)[],
    cashPolicy: { blindClose: row.blind_close === 1, managerApproval: parseManagerApproval(row.manager_approval) },
    complianceProfile: row.compliance_profile,
    licenceNumber: row.licence_number,
    offlineCards: { maxCents: row.offline_card_max_cents, totalCents: row.offline_card_total_cents },
    pickupHoldHours: row.pickup_hold_hours,
    adjustmentPinMilli: row.adjustment_pin_milli === null ? null : Number(row.adjustment_pin_milli),
    manualDiscountPinPercent: row.manual_discount_pin_percent === null ? null : Number(row.manual_discount_pin_percent),
    loyalty: storedProgramme(row.loyalty),
    address: {
      id,
      street,
      city,
      state,
      county,
      country,
      type,
      zip,
      comment,
      longitude,
      latitude,
      apt,
      primary: isPrimary === 1,
    },
    primaryLocationId: row.primary_location_id ?? '',
  };
}
