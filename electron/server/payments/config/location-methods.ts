import type { PaymentMethod } from '../../../../shared/contracts/payment.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';
import { DevicesRepository } from '../store/devices-repository.js';
import { MethodsRepository } from '../store/methods-repository.js';
import { virtualKindsOf } from './device-kinds.js';

/**
 * Turns a method of a processor at a location on or off. Switching on a method taken without a PIN
 * pad (Credit keyed online, ACH, Cash) also gives the location its card-not-present or cash-drawer
 * configuration for that processor, in the same transaction, so every payment names the
 * configuration it ran through.
 */
export async function switchMethod(
  db: DataLayer,
  tx: Queryable,
  where: { locationId: string; processorId: string },
  method: PaymentMethod,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await new MethodsRepository(db).set(tx, where.locationId, where.processorId, method, enabled, now);
  if (!enabled) return;
  const devices = new DevicesRepository(db);
  for (const kind of virtualKindsOf(method))
    await devices.ensureVirtual(tx, where.locationId, where.processorId, kind, now);
}
