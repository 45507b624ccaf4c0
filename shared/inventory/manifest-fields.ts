/**
 * The names a manifest's fields go by: Metrc's (ShippedQuantity, ShipperWholesalePrice), its CSV
 * export's ("Shipped Qty") and ours (quantity, wholesalePrice). A JSON key or a CSV column is matched
 * in any case and spacing ("Shipped Qty", "shipped_qty" and "SHIPPEDQTY" are one name).
 */
import type { ManifestField } from './manifest-types.js';

/** What a source value is: a field, or a field given another way (thousandths, cents). */
export type SourceKey = ManifestField | 'quantityMilli' | 'wholesaleCents';

/** The values of one package (or of the manifest) as read from a file, before they are checked. */
export type SourceValues = Partial<Record<SourceKey, unknown>>;

const ALIASES: Record<SourceKey, readonly string[]> = {
  manifestNumber: ['manifestnumber', 'manifest', 'manifestno'],
  shipperLicense: [
    'shipperfacilitylicensenumber',
    'shipperlicense',
    'shipperlicence',
    'shipperlicensenumber',
    'shipperlicencenumber',
  ],
  shipperName: ['shipperfacilityname', 'shippername', 'shipper'],
  packages: ['packages'],
  label: ['packagelabel', 'label', 'package', 'packagetag', 'tag', 'statetag'],
  itemName: ['itemname', 'productname', 'item', 'product', 'name'],
  quantity: ['shippedquantity', 'shippedqty', 'quantity', 'qty'],
  quantityMilli: ['quantitymilli'],
  unit: [
    'shippedunitofmeasurename',
    'shippedunitofmeasure',
    'shippedunitofmeasureabbreviation',
    'shippeduom',
    'shippedunit',
    'unitofmeasurename',
    'unitofmeasure',
    'uom',
    'unit',
  ],
  received: ['receivedquantity', 'receivedqty', 'received'],
  wholesalePrice: ['shipperwholesaleprice', 'wholesaleprice', 'wholesale', 'wholesalecost'],
  wholesaleCents: ['wholesalecents'],
  packagedOn: ['packageddate', 'packagedon', 'packaged'],
  expiresOn: ['expirationdate', 'expireson', 'expires', 'expiry', 'expirydate'],
  strain: ['itemstrainname', 'itemstrain', 'strainname', 'strain'],
  category: [
    'productcategoryname',
    'itemcategoryname',
    'itemproductcategoryname',
    'productcategory',
    'itemcategory',
    'category',
  ],
  labState: ['labtestingstate', 'labtestingstatename', 'labstate', 'labtesting', 'labstatus'],
  labTestedOn: ['labtestingstatedate', 'labtesteddate', 'labtestedon', 'testedon', 'testeddate'],
  labResults: ['labresults', 'labresult', 'labtestresults', 'labsummary'],
  thcPercent: ['itemunitthcpercent', 'unitthcpercent', 'thcpercent', 'thc'],
  cbdPercent: ['itemunitcbdpercent', 'unitcbdpercent', 'cbdpercent', 'cbd'],
};

const BY_NAME = new Map<string, SourceKey>(
  (Object.entries(ALIASES) as [SourceKey, readonly string[]][]).flatMap(([key, names]) =>
    names.map((name) => [name, key] as const),
  ),
);

/** The field a JSON key or CSV column names, or undefined for one we do not read. */
export function sourceKey(name: string): SourceKey | undefined {
  return BY_NAME.get(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/** The field a source key fills, for a problem: `quantityMilli` is the quantity. */
export function fieldOf(key: SourceKey): ManifestField {
  return key === 'quantityMilli' ? 'quantity' : key === 'wholesaleCents' ? 'wholesalePrice' : key;
}

/** Each field in words, as a sentence starts: "quantity must be…". */
export const FIELD_WORDS: Record<ManifestField, string> = {
  manifestNumber: 'manifest number',
  shipperLicense: 'shipper licence',
  shipperName: 'shipper name',
  packages: 'packages',
  label: 'label',
  itemName: 'item name',
  quantity: 'quantity',
  unit: 'unit',
  received: 'received quantity',
  wholesalePrice: 'wholesale price',
  packagedOn: 'packaged date',
  expiresOn: 'expiration date',
  strain: 'strain',
  category: 'category',
  labState: 'lab testing state',
  labTestedOn: 'lab testing date',
  labResults: 'lab results',
  thcPercent: 'THC',
  cbdPercent: 'CBD',
};

/** The names Metrc gives the fields of a transfer and its packages, for a problem about one left out. */
export const METRC_NAMES: Partial<Record<SourceKey, string>> = {
  manifestNumber: 'ManifestNumber',
  shipperLicense: 'ShipperFacilityLicenseNumber',
  shipperName: 'ShipperFacilityName',
  packages: 'Packages',
  label: 'PackageLabel',
  itemName: 'ItemName',
  quantity: 'ShippedQuantity',
  unit: 'ShippedUnitOfMeasureName',
};
