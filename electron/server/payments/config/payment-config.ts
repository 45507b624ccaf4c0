import { PAYMENT_METHODS, type AvailableMethod, type Channel } from '../../../../shared/contracts/payment.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';
import { DevicesRepository, type DeviceRecord } from '../store/devices-repository.js';
import { MethodsRepository, type LocationMethodRecord } from '../store/methods-repository.js';
import { ENTRY_DEVICE_KIND } from './device-kinds.js';
import { entryFor, maxAmountOf, METHOD_LABELS, overLimitReason } from './channel-capabilities.js';

/** Which methods to offer: the spec's filters, the channel, and what the payment would be. */
export interface MethodQuery {
  organizationId: string;
  channel: Channel;
  /** Rule 2: only this location's methods. */
  locationId?: string | null;
  /** Rule 3 (with locationId), or this processor's methods everywhere. */
  processorName?: string | null;
  /** Cents the payment would take, to flag methods it exceeds; omit when unknown. */
  amount?: number;
  /** Where the order was placed: its location wins a tie between locations. */
  preferLocationId?: string | null;
}

/**
 * The payment methods an entity offers (docs/payments.md "Which methods the widget offers"): the
 * enabled configuration filtered by rules 1–3, one entry per method, then the channel's
 * capabilities and the limits. `disablePaymentMethods` is the widget's business.
 */
export class PaymentConfigService {
  private readonly methods: MethodsRepository;
  private readonly devices: DevicesRepository;

  constructor(db: DataLayer) {
    this.methods = new MethodsRepository(db);
    this.devices = new DevicesRepository(db);
  }

  async available(q: Queryable, query: MethodQuery): Promise<AvailableMethod[]> {
    const [configured, devices] = await Promise.all([
      this.methods.list(q, { organizationId: query.organizationId }),
      this.devices.list(q, { organizationId: query.organizationId }),
    ]);
    const rows = configured
      .filter((row) => row.enabled)
      .filter((row) => !query.locationId || row.locationId === query.locationId)
      .filter((row) => !query.processorName || row.processorName === query.processorName);
    const offered: AvailableMethod[] = [];
    for (const method of PAYMENT_METHODS) {
      const entry = entryFor(method, query.channel);
      if (!entry) continue;
      const candidates = rows
        .filter((row) => row.method === method)
        .map((row) => this.describe(row, entry, query, devices));
      // Among several processors or locations: one that can take the payment, then the entity's
      // default processor, then the order's location.
      const rank = (choice: { row: LocationMethodRecord; method: AvailableMethod }) =>
        (choice.method.unavailableReason ? 4 : 0) +
        (choice.row.processorIsDefault ? 0 : 2) +
        (choice.row.locationId === query.preferLocationId ? 0 : 1);
      const best = candidates.sort((a, b) => rank(a) - rank(b))[0];
      if (best) offered.push(best.method);
    }
    return offered;
  }

  /**
   * The device configuration a payment of `method` runs through. A location's card-not-present or
   * cash-drawer configuration missing (methods switched on outside the CLI) is made now, in `tx`.
   */
  async deviceFor(tx: Queryable, method: AvailableMethod, now: Date): Promise<string | null> {
    if (method.paymentDeviceConfigurationId) return method.paymentDeviceConfigurationId;
    const kind = ENTRY_DEVICE_KIND[method.entry];
    if (kind === 'pinpad' || !method.locationId || !method.processorId) return null;
    return (await this.devices.ensureVirtual(tx, method.locationId, method.processorId, kind, now)).id;
  }

  private describe(
    row: LocationMethodRecord,
    entry: AvailableMethod['entry'],
    query: MethodQuery,
    devices: readonly DeviceRecord[],
  ) {
    // The configuration the payment runs through: the first enabled PIN pad of the processor at the
    // location, or the location's card-not-present or cash-drawer configuration (made at the first
    // payment when missing).
    const kind = ENTRY_DEVICE_KIND[entry];
    const device = devices.find(
      (d) => !d.disabled && d.kind === kind && d.locationId === row.locationId && d.processorId === row.processorId,
    );
    const noDevice = entry === 'pinpad' && !device ? `No PIN pad of ${row.processorName} at ${row.locationName}` : null;
    const overLimit = query.amount === undefined ? null : overLimitReason(row.method, query.amount);
    const method: AvailableMethod = {
      paymentMethod: row.method,
      label: METHOD_LABELS[row.method],
      entry,
      processorId: row.processorId,
      processorName: row.processorName,
      locationId: row.locationId,
      paymentDeviceConfigurationId: device?.id ?? null,
      maxAmount: maxAmountOf(row.method),
      unavailableReason: noDevice ?? overLimit,
    };
    return { row, method };
  }
}
