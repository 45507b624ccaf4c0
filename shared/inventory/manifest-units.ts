/**
 * The state's units of measure (Metrc's UnitOfMeasure names and abbreviations) to ours. A package
 * is kept in units, grams or millilitres: other weights and volumes are converted with the factors
 * named below, exactly (integers and BigInt), and rounded half up to the thousandth of our unit.
 */
import type { ManifestUnit } from './manifest-types.js';

/** One state unit: ours, and how many of ours one of it is, in ten-billionths (exact). */
interface StateUnit {
  name: string;
  unit: ManifestUnit;
  perUnitE10: bigint;
}

const E10 = 10_000_000_000n;

/** Grams in an avoirdupois ounce (28.349523125 g) and pound (453.59237 g), by definition. */
export const GRAMS_PER_OUNCE = 28.349523125;
export const GRAMS_PER_POUND = 453.59237;
/** Millilitres in a US fluid ounce (29.5735295625 ml), pint, quart and gallon, by definition. */
export const MILLILITERS_PER_FLUID_OUNCE = 29.5735295625;

const UNITS: readonly (StateUnit & { names: readonly string[] })[] = [
  { name: 'Each', unit: 'each', perUnitE10: E10, names: ['each', 'ea', 'units', 'unit', 'count', 'pieces'] },
  { name: 'Grams', unit: 'grams', perUnitE10: E10, names: ['grams', 'gram', 'g', 'gm'] },
  { name: 'Milligrams', unit: 'grams', perUnitE10: E10 / 1000n, names: ['milligrams', 'milligram', 'mg'] },
  { name: 'Kilograms', unit: 'grams', perUnitE10: 1000n * E10, names: ['kilograms', 'kilogram', 'kg'] },
  { name: 'Ounces', unit: 'grams', perUnitE10: 283_495_231_250n, names: ['ounces', 'ounce', 'oz'] },
  { name: 'Pounds', unit: 'grams', perUnitE10: 4_535_923_700_000n, names: ['pounds', 'pound', 'lb', 'lbs'] },
  { name: 'Milliliters', unit: 'milliliters', perUnitE10: E10, names: ['milliliters', 'millilitres', 'ml'] },
  { name: 'Liters', unit: 'milliliters', perUnitE10: 1000n * E10, names: ['liters', 'litres', 'liter', 'l'] },
  { name: 'Fluid Ounces', unit: 'milliliters', perUnitE10: 295_735_295_625n, names: ['fluidounces', 'floz'] },
  { name: 'Pints', unit: 'milliliters', perUnitE10: 4_731_764_730_000n, names: ['pints', 'pint', 'pt'] },
  { name: 'Quarts', unit: 'milliliters', perUnitE10: 9_463_529_460_000n, names: ['quarts', 'quart', 'qt'] },
  { name: 'Gallons', unit: 'milliliters', perUnitE10: 37_854_117_840_000n, names: ['gallons', 'gallon', 'gal'] },
];

const BY_NAME = new Map(UNITS.flatMap((unit) => unit.names.map((name) => [name, unit] as const)));

/** The state's unit names, for a refusal: "Each, Grams, Milligrams, …". */
export const STATE_UNIT_NAMES = UNITS.map((unit) => unit.name).join(', ');

/** The state unit a manifest names ("Grams", "fl oz", "EA"; any case and spacing), or undefined. */
export function stateUnit(text: string): StateUnit | undefined {
  const found = BY_NAME.get(text.toLowerCase().replace(/[^a-z]/g, ''));
  return found && { name: found.name, unit: found.unit, perUnitE10: found.perUnitE10 };
}

/** `milli` thousandths of `from` in thousandths of its unit of ours, rounded half up. */
export function convertMilli(milli: number, from: StateUnit): number {
  if (from.perUnitE10 === E10) return milli;
  return Number((BigInt(milli) * from.perUnitE10 + E10 / 2n) / E10);
}

/** "each", "g", "ml": our unit after a number. */
export function unitAbbreviation(unit: ManifestUnit): string {
  return unit === 'each' ? 'each' : unit === 'grams' ? 'g' : 'ml';
}
