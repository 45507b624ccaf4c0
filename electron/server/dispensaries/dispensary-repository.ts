import { randomUUID } from 'node:crypto';
import { ServicePayError } from '../../../shared/errors.js';
import { EpochCache } from '../db/epoch-cache.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { DispensariesTable } from '../db/schema.js';
import type { Dispensary, NewDispensary, StoreSettings } from './dispensary.js';
import { checkNewDispensary } from './dispensary-rules.js';
import { selectDispensaries, toDispensary } from './dispensary-rows.js';
import { OrganizationRepository } from './organization-repository.js';

type Policy =
  | 'blind_close'
  | 'manager_approval'
  | 'compliance_profile'
  | 'licence_number'
  | 'offline_card_max_cents'
  | 'offline_card_total_cents'
  | 'pickup_hold_hours'
  | 'adjustment_pin_milli'
  | 'manual_discount_pin_percent'
  | 'loyalty';

/**
 * Dispensaries with their address and primary location. Lookups by short name (one per API request)
 * are cached; the cache empties whenever the data layer's cache epoch moves (another process or
 * service instance changed rows) and when this repository creates a store.
 */
export class DispensaryRepository {
  private readonly cache: EpochCache<Dispensary>;
  private readonly q;
  private readonly organizations: OrganizationRepository;

  constructor(private readonly db: DataLayer) {
    this.cache = new EpochCache(db);
    this.organizations = new OrganizationRepository(db);
    this.q = {
      byShortName: db.prepare((k, p: { shortName: string }) =>
        selectDispensaries(k).where('d.short_name', '=', p.shortName),
      ),
      byId: db.prepare((k, p: { id: string }) => selectDispensaries(k).where('d.id', '=', p.id)),
      all: db.prepare((k) => selectDispensaries(k).orderBy('d.short_name')),
      insertAddress: db.prepare((k, p: NewDispensary['address']) =>
        k
          .insertInto('addresses')
          .values({
            street: p.street,
            city: p.city,
            state: p.state,
            county: p.county,
            country: p.country,
            type: p.type,
            zip: p.zip,
            comment: p.comment,
            longitude: p.longitude,
            latitude: p.latitude,
            apt: p.apt,
            is_primary: 1,
          })
          .returning('id'),
      ),
      insertDispensary: db.prepare(
        (
          k,
          p: Omit<DispensariesTable, 'created_at' | Policy> & {
            createdAt: string;
            blind_close: number;
            manager_approval: string;
          },
        ) =>
          k.insertInto('dispensaries').values({
            id: p.id,
            organization_id: p.organization_id,
            short_name: p.short_name,
            name: p.name,
            timezone: p.timezone,
            preparation_minutes: p.preparation_minutes,
            opening_hours: p.opening_hours,
            address_id: p.address_id,
            created_at: p.createdAt,
            blind_close: p.blind_close,
            manager_approval: p.manager_approval,
          }),
      ),
      update: db.prepare((k, p: StoreSettings & { id: string }) =>
        k
          .updateTable('dispensaries')
          .set({
            name: p.name,
            timezone: p.timezone,
            preparation_minutes: p.preparationMinutes,
            opening_hours: p.openingHours,
            blind_close: p.blindClose,
            manager_approval: p.managerApproval,
            compliance_profile: p.complianceProfile,
            licence_number: p.licenceNumber,
            offline_card_max_cents: p.offlineCardMaxCents,
            offline_card_total_cents: p.offlineCardTotalCents,
            pickup_hold_hours: p.pickupHoldHours,
            adjustment_pin_milli: p.adjustmentPinMilli,
            manual_discount_pin_percent: p.manualDiscountPinPercent,
            loyalty: p.loyalty,
          })
          .where('id', '=', p.id),
      ),
      insertLocation: db.prepare((k, p: { id: string; dispensaryId: string; name: string }) =>
        k.insertInto('locations').values({ id: p.id, dispensary_id: p.dispensaryId, name: p.name, is_primary: 1 }),
      ),
    };
  }

  /**
   * Cached. `q` is the write transaction when called from one: then it reads through it and keeps
   * nothing (a row the transaction made or changed is not committed yet).
   */
  async findByShortName(shortName: string, q: Queryable = this.db): Promise<Dispensary | undefined> {
    const read = async () => {
      const row = await q.first(this.q.byShortName, { shortName });
      return row && toDispensary(row);
    };
    return q === this.db ? this.cache.get(shortName, read) : read();
  }

  async findById(id: string, q: Queryable = this.db): Promise<Dispensary | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toDispensary(row);
  }

  async list(q: Queryable = this.db): Promise<Dispensary[]> {
    return (await q.all(this.q.all)).map(toDispensary);
  }

  /**
   * Validates, then inserts the address, the dispensary and its primary location in the caller's
   * write. (A new store is in no cache: nothing to invalidate.)
   */
  async create(tx: Queryable, input: NewDispensary, now: Date): Promise<Dispensary> {
    const id = await this.insert(tx, checkNewDispensary(input), now);
    return toDispensary((await tx.first(this.q.byId, { id }))!);
  }

  /**
   * Changes a store's name, time zone, preparation time, hours, cash policy, state rules, licence,
   * stored-card caps, pickup hold and adjustments' PIN policy (already checked:
   * see dispensary-rules.ts) in the caller's write. The caller tells the other processes once the write
   * is committed (`db.invalidateCaches()`); this repository forgets its own cache now.
   */
  async update(
    tx: Queryable,
    id: string,
    settings: Pick<
      StoreSettings,
      'name' | 'timezone' | 'preparationMinutes' | 'pickupHoldHours' | 'adjustmentPinMilli' | 'manualDiscountPinPercent'
    > &
      Pick<
        Dispensary,
        'openingHours' | 'cashPolicy' | 'complianceProfile' | 'licenceNumber' | 'offlineCards' | 'loyalty'
      >,
  ): Promise<Dispensary> {
    const { cashPolicy, openingHours, offlineCards, loyalty, ...rest } = settings;
    const changed = await tx.run(this.q.update, {
      id,
      ...rest,
      openingHours: JSON.stringify(openingHours),
      offlineCardMaxCents: offlineCards.maxCents,
      offlineCardTotalCents: offlineCards.totalCents,
      loyalty: JSON.stringify(loyalty),
      blindClose: cashPolicy.blindClose ? 1 : 0,
      managerApproval: JSON.stringify(cashPolicy.managerApproval),
    });
    if (changed !== 1) throw new ServicePayError('NOT_FOUND', `no dispensary ${id}`);
    this.cache.clear();
    return toDispensary((await tx.first(this.q.byId, { id }))!);
  }

  private async insert(tx: Queryable, valid: NewDispensary, now: Date): Promise<string> {
    await this.organizations.checkOwner(tx, valid.organizationId);
    if (await tx.first(this.q.byShortName, { shortName: valid.shortName })) {
      throw new ServicePayError('CONFLICT', `a dispensary with short name ${valid.shortName} already exists`, {
        field: 'shortName',
      });
    }
    const address = await tx.first(this.q.insertAddress, valid.address);
    const id = valid.id ?? randomUUID();
    try {
      await tx.run(this.q.insertDispensary, {
        id,
        organization_id: valid.organizationId,
        short_name: valid.shortName,
        name: valid.name,
        timezone: valid.timezone,
        preparation_minutes: valid.preparationMinutes,
        opening_hours: JSON.stringify(valid.openingHours),
        address_id: address!.id,
        createdAt: now.toISOString(),
        blind_close: valid.cashPolicy?.blindClose ? 1 : 0,
        manager_approval: JSON.stringify(valid.cashPolicy?.managerApproval ?? []),
      });
      await tx.run(this.q.insertLocation, {
        id: valid.primaryLocationId ?? randomUUID(),
        dispensaryId: id,
        name: valid.primaryLocationName ?? 'Sales floor',
      });
    } catch (error) {
      if (this.db.dialect.isUniqueViolation(error)) {
        throw new ServicePayError('CONFLICT', 'the dispensary or location id is taken');
      }
      throw error;
    }
    return id;
  }
}
