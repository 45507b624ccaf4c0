import type { EntryMode, PaymentMethod } from '../../../../shared/contracts/payment.js';
import { entryFor } from './channel-capabilities.js';
import { CHANNELS } from '../../../../shared/contracts/payment.js';
import type { DeviceKind } from '../store/devices-repository.js';

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
