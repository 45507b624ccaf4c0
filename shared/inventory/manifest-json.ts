/**
 * A manifest from JSON: Metrc's shape (a transfer or delivery with ManifestNumber,
 * ShipperFacilityLicenseNumber and a Packages array of Metrc packages, as `transfers/…/deliveries`
 * and `…/packages` answer), or ours (ManifestDraft's fields, the price in dollars as `wholesalePrice`,
 * the quantity in units as `quantity` or in thousandths as `quantityMilli`, what arrived as
 * `received`). A list holding one transfer is read as that transfer.
 */
import { checkManifest } from './manifest-check.js';
import { METRC_NAMES, sourceKey, type SourceKey, type SourceValues } from './manifest-fields.js';
import type { SourcePackage } from './manifest-package.js';
import { tooLarge } from './manifest-problems.js';
import type { ManifestResult } from './manifest-types.js';
import { shown } from './manifest-values.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

const LAB_KEYS: Record<string, SourceKey> = {
  state: 'labState',
  thcpercent: 'thcPercent',
  cbdpercent: 'cbdPercent',
  testedon: 'labTestedOn',
  summary: 'labResults',
};

/** Our lab results as an object (`lab` or `labResults`: {state, thcPercent, cbdPercent, testedOn, summary}). */
const LAB_OBJECTS = new Set(['lab', 'labresults']);

/** The values an object gives, the first non-empty of each field's names winning, and their keys. */
function valuesOf(object: JsonObject): { values: SourceValues; keys: Partial<Record<SourceKey, string>> } {
  const values: SourceValues = {};
  const keys: Partial<Record<SourceKey, string>> = {};
  const put = (key: SourceKey | undefined, value: unknown, name: string) => {
    if (!key || !isBlank(values[key])) return;
    values[key] = value;
    keys[key] = name;
  };
  for (const [name, value] of Object.entries(object)) {
    if (LAB_OBJECTS.has(name.toLowerCase()) && isObject(value)) {
      for (const [inner, labValue] of Object.entries(value))
        put(LAB_KEYS[inner.toLowerCase()], labValue, `${name}.${inner}`);
    } else put(sourceKey(name), value, name);
  }
  return { values, keys };
}

const refused = (message: string): ManifestResult => ({ problems: [{ where: 'the file', message }] });

const ONE_TRANSFER = 'an object with its manifest number, shipper licence and packages';

export function parseManifestJson(text: string): ManifestResult {
  const large = tooLarge(text);
  if (large) return { problems: [large] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return refused(`the file is not JSON a manifest can be read from (${(error as Error).message})`);
  }
  return readManifestObject(parsed);
}

/**
 * A manifest already parsed from JSON (a request's body, what a form typed in, in our shape) read by
 * the same rules as a file, with the same words.
 */
export function readManifestObject(parsed: unknown): ManifestResult {
  if (Array.isArray(parsed)) {
    if (parsed.length !== 1) {
      return refused(`the file holds ${parsed.length} transfers: read one manifest at a time`);
    }
    parsed = parsed[0];
  }
  if (!isObject(parsed)) return refused(`the file must hold one transfer: ${ONE_TRANSFER}`);
  const metrc = ['ManifestNumber', 'ShipperFacilityLicenseNumber', 'Packages'].some((key) => key in parsed);
  const name = (key: SourceKey) => (metrc ? (METRC_NAMES[key] ?? key) : key);
  const top = valuesOf(parsed);
  const packagesKey = top.keys.packages ?? name('packages');
  const list = top.values.packages ?? [];
  if (!Array.isArray(list)) {
    return { problems: [{ where: packagesKey, message: 'packages must be a list of packages', field: 'packages' }] };
  }
  const packages = list.map((item: unknown, index): SourcePackage => {
    const at = `${packagesKey}[${index}]`;
    if (!isObject(item)) {
      const message = `a package must be an object with its label, item name, quantity and unit, not ${shown(item)}`;
      return { values: {}, where: () => at, unreadable: { where: at, message } };
    }
    const { values, keys } = valuesOf(item);
    // Metrc answers ReceivedQuantity 0 until the delivery is accepted: only our shape says what arrived.
    if (metrc) delete values.received;
    return { values, where: (key) => `${at}.${keys[key] ?? name(key)}` };
  });
  return checkManifest({
    values: top.values,
    where: (key) => top.keys[key] ?? name(key),
    missingHint: (key) =>
      `add "${name(key)}": ${key === 'manifestNumber' ? "the number on the shipper's manifest" : "the shipper's state licence number"}`,
    packages,
  });
}
