/**
 * One package of a manifest, checked: every problem it has goes to the list, each saying where and
 * why; the package is returned only when it has none.
 */
import { QUANTITY_MAX_MILLI } from '../numbers.js';
import { fromMilli } from '../quantity.js';
import { FIELD_WORDS, fieldOf, type SourceKey, type SourceValues } from './manifest-fields.js';
import type { ProblemList } from './manifest-problems.js';
import type { ManifestLab, ManifestPackage } from './manifest-types.js';
import { convertMilli, STATE_UNIT_NAMES, stateUnit, unitAbbreviation } from './manifest-units.js';
import {
  readCents,
  readDate,
  readDollars,
  readLabel,
  readPercent,
  readQuantity,
  readText,
  Refusal,
  shown,
  type Read,
} from './manifest-values.js';

/** A package as a file gives it, and how to say where each of its fields is. */
export interface SourcePackage {
  values: SourceValues;
  /** `Packages[3].ShippedQuantity`, `row 5, column "Shipped Qty"`: also for a field left out. */
  where(key: SourceKey): string;
  /** The file's row, for CSV. */
  row?: number;
  /** Why the package cannot be read at all (not an object, a row with too many fields), with where. */
  unreadable?: { where: string; message: string };
}

const MISSING: Partial<Record<SourceKey, string>> = {
  label: "is missing: each package needs its state tag (Metrc's 24-character label that starts 1A)",
  itemName: 'is missing: say what the package holds',
  quantity: 'is missing: say how much was shipped',
  unit: 'is missing: say what the quantity is counted in (Each, Grams, Ounces…)',
};

export function readPackage(source: SourcePackage, index: number, problems: ProblemList): ManifestPackage | undefined {
  const before = problems.count;
  if (source.unreadable) {
    problems.add({ ...source.unreadable, package: index, ...(source.row === undefined ? {} : { row: source.row }) });
    return undefined;
  }
  const values = source.values;
  const refuse = (key: SourceKey, why: string) =>
    problems.add({
      where: source.where(key),
      message: `${FIELD_WORDS[fieldOf(key)]} ${why}`,
      field: fieldOf(key),
      package: index,
      ...(source.row === undefined ? {} : { row: source.row }),
    });
  const take = <T>(key: SourceKey, read: Read<T>): T | undefined => {
    if (read instanceof Refusal) refuse(key, read.why);
    else if (read === undefined && MISSING[key]) refuse(key, MISSING[key]);
    else return read;
    return undefined;
  };

  const label = take('label', readLabel(values.label));
  const itemName = take('itemName', readText(values.itemName, 200));
  const quantityKey: SourceKey =
    values.quantity === undefined && values.quantityMilli !== undefined ? 'quantityMilli' : 'quantity';
  const written = take(quantityKey, readQuantity(values[quantityKey], { milli: quantityKey === 'quantityMilli' }));
  const unitText = take('unit', readText(values.unit, 40));
  const unit = unitText === undefined ? undefined : stateUnit(unitText);
  if (unitText !== undefined && !unit) {
    refuse('unit', `must be one of the state's units (${STATE_UNIT_NAMES}), not ${shown(unitText)}`);
  }
  const inOurs = (key: SourceKey, milli: number | undefined) => {
    if (milli === undefined || !unit) return undefined;
    if (unit.unit === 'each' && milli % 1000 !== 0) {
      refuse(key, `must be whole units: the item is counted (${unit.name}), not weighed, so not "${fromMilli(milli)}"`);
      return undefined;
    }
    const converted = convertMilli(milli, unit);
    if (converted === 0 && milli > 0) {
      refuse(key, `is less than a thousandth of a gram or millilitre: "${fromMilli(milli)}" ${unit.name}`);
      return undefined;
    }
    if (converted > QUANTITY_MAX_MILLI) {
      refuse(
        key,
        `must be at most 1,000,000,000 ${unitAbbreviation(unit.unit)}, not "${fromMilli(milli)}" ${unit.name}`,
      );
      return undefined;
    }
    return converted;
  };
  const quantityMilli = inOurs(quantityKey, written);
  const received = take('received', readQuantity(values.received, { zero: 'allowed' }));
  const receivedMilli = inOurs('received', received);

  const wholesaleKey: SourceKey =
    values.wholesalePrice === undefined && values.wholesaleCents !== undefined ? 'wholesaleCents' : 'wholesalePrice';
  const wholesaleCents = take(
    wholesaleKey,
    wholesaleKey === 'wholesaleCents' ? readCents(values.wholesaleCents) : readDollars(values.wholesalePrice),
  );
  const packagedOn = take('packagedOn', readDate(values.packagedOn));
  const expiresOn = take('expiresOn', readDate(values.expiresOn));
  if (packagedOn && expiresOn && expiresOn < packagedOn) {
    refuse('expiresOn', `is before the packaged date (${packagedOn}): "${expiresOn}"`);
  }
  const strain = take('strain', readText(values.strain, 200));
  const category = take('category', readText(values.category, 200));
  const lab: ManifestLab = {};
  const labState = take('labState', readText(values.labState, 60));
  const testedOn = take('labTestedOn', readDate(values.labTestedOn));
  const summary = take('labResults', readText(values.labResults, 200));
  const thcPercent = take('thcPercent', readPercent(values.thcPercent));
  const cbdPercent = take('cbdPercent', readPercent(values.cbdPercent));
  if (labState !== undefined) lab.state = labState;
  if (thcPercent !== undefined) lab.thcPercent = thcPercent;
  if (cbdPercent !== undefined) lab.cbdPercent = cbdPercent;
  if (testedOn !== undefined) lab.testedOn = testedOn;
  if (summary !== undefined) lab.summary = summary;

  if (problems.count > before || !label || !itemName || quantityMilli === undefined || !unit) return undefined;
  const pkg: ManifestPackage = { label, itemName, quantityMilli, unit: unit.unit };
  if (receivedMilli !== undefined) pkg.receivedMilli = receivedMilli;
  if (written !== undefined && unit.unit !== 'each' && convertMilli(1000, unit) !== 1000) {
    pkg.shippedAs = `${fromMilli(written)} ${unit.name}`;
  }
  if (wholesaleCents !== undefined) pkg.wholesaleCents = wholesaleCents;
  if (packagedOn) pkg.packagedOn = packagedOn;
  if (expiresOn) pkg.expiresOn = expiresOn;
  if (strain) pkg.strain = strain;
  if (category) pkg.category = category;
  if (Object.keys(lab).length > 0) pkg.lab = lab;
  return pkg;
}
