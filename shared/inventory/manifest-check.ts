/**
 * A manifest as a file gives it (JSON or CSV, already split into values) to a ManifestDraft, or to
 * every problem it has: the manifest's number and shipper, then each package, then labels given twice.
 */
import { FIELD_WORDS, type SourceKey, type SourceValues } from './manifest-fields.js';
import { readPackage, type SourcePackage } from './manifest-package.js';
import { ProblemList } from './manifest-problems.js';
import {
  MANIFEST_MAX_PACKAGES,
  type ManifestDraft,
  type ManifestPackage,
  type ManifestProblem,
  type ManifestResult,
} from './manifest-types.js';
import { readText, Refusal, shown } from './manifest-values.js';

/** A manifest as a file gives it. */
export interface SourceManifest {
  values: SourceValues;
  /** Where a manifest field is (or would be), in words. */
  where(key: SourceKey): string;
  /** Where a missing manifest number or shipper licence is written in this kind of file. */
  missingHint(key: 'manifestNumber' | 'shipperLicense'): string;
  packages: SourcePackage[];
  /** Problems the reader found in the file's structure (a manifest number that changes between rows). */
  found?: ManifestProblem[];
}

const MANIFEST_NUMBER = /^[A-Z0-9][A-Z0-9-]{0,39}$/i;
const LICENCE = /^[A-Z0-9][A-Z0-9 ./-]{0,59}$/i;

function readHeader(source: SourceManifest, key: SourceKey, pattern: RegExp, kind: string, problems: ProblemList) {
  const read = readText(source.values[key], 60);
  const field = key as 'manifestNumber' | 'shipperLicense';
  const refuse = (why: string) =>
    problems.add({ where: source.where(key), message: `${FIELD_WORDS[field]} ${why}`, field });
  if (read === undefined) refuse(`is missing: ${source.missingHint(field)}`);
  else if (read instanceof Refusal) refuse(read.why);
  else if (!pattern.test(read)) refuse(`must be ${kind}, not ${shown(read)}`);
  else return read;
  return undefined;
}

export function checkManifest(source: SourceManifest): ManifestResult {
  const problems = new ProblemList();
  const manifestNumber = readHeader(
    source,
    'manifestNumber',
    MANIFEST_NUMBER,
    '1 to 40 letters, digits or dashes',
    problems,
  );
  const shipperLicense = readHeader(
    source,
    'shipperLicense',
    LICENCE,
    '1 to 60 letters, digits, dashes or dots',
    problems,
  );
  const shipperName = readText(source.values.shipperName, 200);
  if (shipperName instanceof Refusal) {
    problems.add({
      where: source.where('shipperName'),
      message: `shipper name ${shipperName.why}`,
      field: 'shipperName',
    });
  }
  for (const problem of source.found ?? []) problems.add(problem);
  const count = source.packages.length;
  if (count === 0 || count > MANIFEST_MAX_PACKAGES) {
    problems.add({
      where: source.where('packages'),
      message:
        count === 0
          ? 'the manifest has no packages: a delivery brings at least one'
          : `the manifest has ${count.toLocaleString('en-US')} packages: at most 2,000 are received at once, so split it`,
      field: 'packages',
    });
    return { problems: problems.listed() };
  }

  const packages: ManifestPackage[] = [];
  const firstWhere = new Map<string, string>();
  source.packages.forEach((pkg, index) => {
    const read = readPackage(pkg, index, problems);
    if (read) packages.push(read);
    const label = read?.label ?? (typeof pkg.values.label === 'string' ? pkg.values.label.trim().toUpperCase() : '');
    if (!label) return;
    const first = firstWhere.get(label);
    if (first === undefined) firstWhere.set(label, pkg.where('label'));
    else {
      problems.add({
        where: pkg.where('label'),
        message: `label ${label} is on the manifest twice: ${first} has it too`,
        field: 'label',
        package: index,
        ...(pkg.row === undefined ? {} : { row: pkg.row }),
      });
    }
  });
  if (problems.count > 0 || !manifestNumber || !shipperLicense) return { problems: problems.listed() };
  const manifest: ManifestDraft = {
    manifestNumber,
    shipperLicense,
    ...(typeof shipperName === 'string' ? { shipperName } : {}),
    packages,
  };
  return { manifest };
}
