import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { StateReportingSettingsTable } from '../db/schema.js';

/** A store's state reporting as stored (keys in full: the job sends them). */
export interface StateSettingsRecord {
  dispensaryId: string;
  baseUrl: string;
  vendorKey: string;
  userKey: string;
  licenseNumber: string;
  enabled: boolean;
  updatedAt: string;
  updatedBy: string;
}

/** State reporting settings: at most one row per store. */
export class StateSettingsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      find: db.prepare((k, p: { dispensaryId: string }) =>
        k
          .selectFrom('state_reporting_settings')
          .select([
            'dispensary_id as dispensaryId',
            'base_url as baseUrl',
            'vendor_key as vendorKey',
            'user_key as userKey',
            'license_number as licenseNumber',
            'enabled',
            'updated_at as updatedAt',
            'updated_by as updatedBy',
          ])
          .where('dispensary_id', '=', p.dispensaryId),
      ),
      upsert: db.prepare((k, p: StateReportingSettingsTable) =>
        k
          .insertInto('state_reporting_settings')
          .values({
            dispensary_id: p.dispensary_id,
            base_url: p.base_url,
            vendor_key: p.vendor_key,
            user_key: p.user_key,
            license_number: p.license_number,
            enabled: p.enabled,
            updated_at: p.updated_at,
            updated_by: p.updated_by,
          })
          .onConflict((conflict) =>
            conflict.column('dispensary_id').doUpdateSet((eb) => ({
              base_url: eb.ref('excluded.base_url'),
              vendor_key: eb.ref('excluded.vendor_key'),
              user_key: eb.ref('excluded.user_key'),
              license_number: eb.ref('excluded.license_number'),
              enabled: eb.ref('excluded.enabled'),
              updated_at: eb.ref('excluded.updated_at'),
              updated_by: eb.ref('excluded.updated_by'),
            })),
          ),
      ),
    };
  }

  async find(q: Queryable, dispensaryId: string): Promise<StateSettingsRecord | undefined> {
    const row = await q.first(this.q.find, { dispensaryId });
    return row && { ...row, enabled: Number(row.enabled) === 1 };
  }

  async save(tx: Queryable, settings: StateSettingsRecord): Promise<void> {
    await tx.run(this.q.upsert, {
      dispensary_id: settings.dispensaryId,
      base_url: settings.baseUrl,
      vendor_key: settings.vendorKey,
      user_key: settings.userKey,
      license_number: settings.licenseNumber,
      enabled: settings.enabled ? 1 : 0,
      updated_at: settings.updatedAt,
      updated_by: settings.updatedBy,
    });
  }
}
