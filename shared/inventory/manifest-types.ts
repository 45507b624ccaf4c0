/**
 * An incoming transfer as the store will receive it (issue 30): the shipper's manifest read from the
 * state system's shape (Metrc), a file or what people typed, checked and in our units. The receiving
 * service takes a ManifestDraft; nothing here touches the database.
 */
import type { IsoDate } from '../compliance/calendar.js';

/** What a package is counted in: units, grams (weights), or millilitres (volumes). */
export type ManifestUnit = 'each' | 'grams' | 'milliliters';

/** The lab's figures the manifest carries for a package, as percentages (0–100). */
export interface ManifestLab {
  /** Metrc's LabTestingState as written: "TestPassed", "NotSubmitted". */
  state?: string;
  thcPercent?: number;
  cbdPercent?: number;
  /** When the state recorded the lab state (Metrc's LabTestingStateDate). */
  testedOn?: IsoDate;
  /** The results as one line of text ("Lab Results" column, our `labResults`): "THC 21.4%, passed". */
  summary?: string;
}

/** One package of the delivery, by its state tag. */
export interface ManifestPackage {
  /** The state tag (Metrc's 24-character 1A… label), upper case. */
  label: string;
  /** What the shipper calls the item: Metrc's ItemName (ProductName). */
  itemName: string;
  /** What was shipped, in thousandths of `unit` (ounces and pounds are converted to grams). */
  quantityMilli: number;
  unit: ManifestUnit;
  /** What was received, when the file says (Metrc's ReceivedQuantity), in thousandths of `unit`. */
  receivedMilli?: number;
  /** The quantity and unit as the manifest wrote them, when they were converted: "0.25 Pounds". */
  shippedAs?: string;
  /** The whole package's wholesale price (Metrc's ShipperWholesalePrice), in cents. */
  wholesaleCents?: number;
  packagedOn?: IsoDate;
  expiresOn?: IsoDate;
  strain?: string;
  /** The state's category as written ("Buds", "Vape Cartridge (weight - each)"). */
  category?: string;
  lab?: ManifestLab;
}

/** A delivery to receive: the manifest's number, who shipped it and its packages. */
export interface ManifestDraft {
  manifestNumber: string;
  /** The shipper's licence number (Metrc's ShipperFacilityLicenseNumber). */
  shipperLicense: string;
  shipperName?: string;
  packages: ManifestPackage[];
}

/** The fields of a package and of the manifest, as problems name them for a form. */
export type ManifestField =
  | 'manifestNumber'
  | 'shipperLicense'
  | 'shipperName'
  | 'packages'
  | 'label'
  | 'itemName'
  | 'quantity'
  | 'unit'
  | 'received'
  | 'wholesalePrice'
  | 'packagedOn'
  | 'expiresOn'
  | 'strain'
  | 'category'
  | 'labState'
  | 'labTestedOn'
  | 'labResults'
  | 'thcPercent'
  | 'cbdPercent';

/**
 * Why part of a manifest is refused. `where` says where in words ("packages[3].quantity", `row 5,
 * column "Shipped Qty"`); `message` says why, for a manager ("quantity must be a number above 0, not
 * \"-2\""). `field` and `package` (from 0) let a form put it beside its field; `row` is the file's row.
 */
export interface ManifestProblem {
  where: string;
  message: string;
  field?: ManifestField;
  package?: number;
  row?: number;
}

/** A manifest read, or every problem found in it (at most 50, the last saying how many more). */
export type ManifestResult = { manifest: ManifestDraft } | { problems: ManifestProblem[] };

/** The most packages one manifest may hold. */
export const MANIFEST_MAX_PACKAGES = 2000;

/** The largest file read: 5 MB of UTF-8. */
export const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;

/** The most problems listed; past it, one more says how many were left out. */
export const MANIFEST_MAX_PROBLEMS = 50;
