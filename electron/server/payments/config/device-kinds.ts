import type { EntryMode, PaymentMethod } from '../../../../shared/contracts/payment.js';
import { entryFor } from './channel-capabilities.js';
import { CHANNELS } from '../../../../shared/contracts/payment.js';

/**
 * Every payment runs through a device configuration (spec 2.8 `paymentDeviceConfigurationId`): a PIN
 * pad for card-present methods, or one of the configurations the service keeps itself, one per
 * location and processor — card-not-present (keyed cards and bank transfers) and the cash drawer.
 */
export const DEVICE_KINDS = ['pinpad', 'card_not_present', 'cash_drawer'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The configurations the service makes itself, and how they are named. */
export const VIRTUAL_DEVICES: Record<Exclude<DeviceKind, 'pinpad'>, { name: string; model: string; serial: string }> = {
  card_not_present: { name: 'Card not present', model: 'Keyed card and bank transfer', serial: 'CNP' },
  cash_drawer: { name: 'Cash drawer', model: 'Cash in hand', serial: 'CASH' },
};

/** The kind of configuration a payment taken by `entry` runs through. */
export const ENTRY_DEVICE_KIND: Record<EntryMode, DeviceKind> = {
  pinpad: 'pinpad',
  keyed: 'card_not_present',
  paylink: 'card_not_present',
  cash: 'cash_drawer',
};

/** The service-kept kinds a location taking `method` needs (Credit is keyed online; Debit and ATM need a PIN pad). */
export function virtualKindsOf(method: PaymentMethod): Exclude<DeviceKind, 'pinpad'>[] {
  const kinds = new Set<Exclude<DeviceKind, 'pinpad'>>();
  for (const channel of CHANNELS) {
    const entry = entryFor(method, channel);
    const kind = entry && ENTRY_DEVICE_KIND[entry];
    if (kind && kind !== 'pinpad') kinds.add(kind);
  }
  return [...kinds];
}
