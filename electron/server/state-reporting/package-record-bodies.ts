import type { StatePackageRecordKind } from '../../../shared/contracts/state-reporting.js';
import type { ManifestUnit } from '../../../shared/inventory/manifest-types.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { DeliveryReceived, PackageMoved } from '../inventory/package-events.js';
import { storeDateTime } from './receipt-lines.js';

const UNIT_OF_MEASURE: Record<ManifestUnit, string> = { each: 'Each', grams: 'Grams', milliliters: 'Milliliters' };

/** One package of a delivery as the state is told of it: accepted with what arrived, or refused. */
export interface ReceivedPackage {
  PackageLabel: string;
  Accepted: boolean;
  ReceivedQuantity: number;
  UnitOfMeasure: string;
  RejectionReason: string | null;
}

/** A delivery received, as Metrc's acceptance of an incoming transfer asks for it (one per request). */
export interface ReceivedTransfer {
  ManifestNumber: string;
  ShipperFacilityLicenseNumber: string;
  /** The store's clock, `YYYY-MM-DDTHH:mm:ss`. */
  ReceivedDateTime: string;
  Packages: ReceivedPackage[];
}

/** A room change, as Metrc's `packages/v2/location` takes it. */
export interface LocationChange {
  Label: string;
  Location: string;
  Sublocation: null;
  /** The store's date. */
  MoveDate: string;
}

/** The body of the state's request for a delivery received: one transfer. */
export function receivedBody(event: DeliveryReceived, timeZone: string): ReceivedTransfer[] {
  return [
    {
      ManifestNumber: event.manifestNumber,
      ShipperFacilityLicenseNumber: event.shipperLicense,
      ReceivedDateTime: storeDateTime(event.at, timeZone),
      Packages: event.packages.map((pkg) => ({
        PackageLabel: pkg.label,
        Accepted: pkg.refused === null,
        ReceivedQuantity: pkg.receivedMilli / 1000,
        UnitOfMeasure: UNIT_OF_MEASURE[pkg.unit],
        RejectionReason: pkg.refused,
      })),
    },
  ];
}

/** The body of the state's request for a package moved: one location change. */
export function movedBody(event: PackageMoved, timeZone: string): LocationChange[] {
  return [
    {
      Label: event.packageLabel,
      Location: event.toRoom,
      Sublocation: null,
      MoveDate: zonedDate(new Date(event.at), timeZone),
    },
  ];
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a record tells, in words, read from its body. */
export function packageRecordSummary(kind: StatePackageRecordKind, body: string): string {
  if (kind === 'moved') {
    const [change] = JSON.parse(body) as LocationChange[];
    return `Package ${change!.Label} moved to ${change!.Location}`;
  }
  const [transfer] = JSON.parse(body) as ReceivedTransfer[];
  const accepted = transfer!.Packages.filter((pkg) => pkg.Accepted).length;
  const refused = transfer!.Packages.length - accepted;
  return (
    `Delivery ${transfer!.ManifestNumber} received: ${plural(accepted, 'package')} accepted` +
    (refused > 0 ? `, ${refused} refused` : '')
  );
}
