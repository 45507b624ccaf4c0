import type { ManifestUnit } from '../../../shared/inventory/manifest-types.js';
import type { Queryable } from '../db/query.js';

/** A delivery received: every package of its manifest, accepted with what arrived or refused. */
export interface DeliveryReceived {
  kind: 'received';
  dispensaryId: string;
  receiptId: string;
  manifestNumber: string;
  shipperLicense: string;
  packages: readonly {
    label: string;
    unit: ManifestUnit;
    /** What arrived, in thousandths of `unit` (0 for a refused package). */
    receivedMilli: number;
    /** Why it was refused; null when accepted. */
    refused: string | null;
  }[];
  /** ISO instant. */
  at: string;
}

/** A whole package moved to another room of its store. */
export interface PackageMoved {
  kind: 'moved';
  dispensaryId: string;
  moveId: string;
  packageLabel: string;
  /** The room's name as people know it ("Vault", "Sales floor"). */
  toRoom: string;
  at: string;
}

export type PackageEvent = DeliveryReceived | PackageMoved;

/**
 * Told of a delivery received or a package moved in its transaction (a failure undoes it): the
 * state's outbox (state-reporting/state-package-outbox.ts) implements it, the set-up composition
 * wires it.
 */
export type PackageListener = (tx: Queryable, event: PackageEvent) => Promise<void>;
