/**
 * A package's details from the state (README "Rooms and packages"): its packaged and expiry dates
 * and its lab results, as the back office and the command line say them, and a manager's change of
 * them checked by one rule for the service and the form. Dates are the store's calendar days
 * (`YYYY-MM-DD`), compared as days, never as instants.
 */
import { isIsoDate, type IsoDate } from '../compliance/calendar.js';

/** The lab results a package keeps (migration 040's `lab_results`), as a certificate or a manifest gives them. */
export interface PackageLab {
  /** Metrc's LabTestingState as written: "TestPassed". */
  state?: string;
  thcPercent?: number;
  cbdPercent?: number;
  /** The lab's name. */
  lab?: string;
  testedOn?: string;
  /** The results as one line, as a manifest's "Lab Results" or a manager wrote them. */
  summary?: string;
}

/** The longest lab results line a manager may write. */
export const PACKAGE_LAB_MAX = 200;

/** Days within which an expiry is said as a warning ("Expires in 12 days"). */
export const EXPIRES_SOON_DAYS = 30;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dayNumber = (date: IsoDate) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / 86_400_000;
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => dayNumber(to) - dayNumber(from);

/** "Mar 4" (this year, the store's `today`), "Mar 4, 2027" otherwise; "—" when not known. */
export function dayInWords(date: IsoDate | null | undefined, today: IsoDate): string {
  if (!date) return '—';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const words = `${MONTHS[month - 1]} ${day}`;
  return date.slice(0, 4) === today.slice(0, 4) ? words : `${words}, ${year}`;
}

const plural = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** An expiry against the store's today: words, and whether it warns (expired, or within 30 days). */
export function expiryInWords(
  expiresOn: IsoDate | null | undefined,
  today: IsoDate,
): { words: string; tone: 'expired' | 'soon' | 'ok' | 'none' } {
  if (!expiresOn) return { words: 'No expiry date', tone: 'none' };
  const days = daysBetween(today, expiresOn);
  if (days < 0) return { words: `Expired ${plural(-days)} ago`, tone: 'expired' };
  if (days === 0) return { words: 'Expires today', tone: 'soon' };
  if (days === 1) return { words: 'Expires tomorrow', tone: 'soon' };
  return { words: `Expires in ${plural(days)}`, tone: days <= EXPIRES_SOON_DAYS ? 'soon' : 'ok' };
}

const STATE_WORDS: Record<string, string> = {
  testpassed: 'passed',
  testfailed: 'failed',
  notsubmitted: 'not submitted',
  submittedfortesting: 'submitted for testing',
  testingincomplete: 'testing incomplete',
  retestpassed: 'passed on retest',
  retestfailed: 'failed on retest',
};

const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/** Lab results as a short line: the written line, else "THC 21.4%, CBD 0.1%, passed"; '' when none. */
export function labInWords(lab: PackageLab | null | undefined): string {
  if (!lab) return '';
  if (lab.summary) return lab.summary;
  const parts: string[] = [];
  if (lab.thcPercent !== undefined) parts.push(`THC ${percent(lab.thcPercent)}`);
  if (lab.cbdPercent !== undefined) parts.push(`CBD ${percent(lab.cbdPercent)}`);
  if (lab.state) parts.push(STATE_WORDS[lab.state.toLowerCase()] ?? lab.state);
  if (lab.lab) parts.push(lab.lab);
  if (lab.testedOn) parts.push(`tested ${lab.testedOn}`);
  return parts.join(', ');
}

/** A package's own potency from its lab: THC and CBD in per cent, each where the lab gave it. */
export interface LabPotency {
  thcPercent?: number;
  cbdPercent?: number;
}

/** "THC 24.6%", "Total THC: 21 %" in a written line (not THCA, nor CBDA). */
const WRITTEN = {
  thcPercent: /\bTHC(?![-\s]?A\b)\s*:?\s*(\d{1,3}(?:\.\d+)?)\s*%/i,
  cbdPercent: /\bCBD(?![-\s]?A\b)\s*:?\s*(\d{1,3}(?:\.\d+)?)\s*%/i,
} as const;

/**
 * A package's THC and CBD as its lab results give them: the figures the manifest carried, else
 * those written in its lab results line ("THC 21.4%, passed", as a manager corrects them from the
 * certificate); none when neither says.
 */
export function labPotency(lab: PackageLab | null | undefined): LabPotency {
  const potency: LabPotency = {};
  if (!lab) return potency;
  for (const key of ['thcPercent', 'cbdPercent'] as const) {
    const given = lab[key];
    const written = lab.summary === undefined ? undefined : WRITTEN[key].exec(lab.summary)?.[1];
    const value = given ?? (written === undefined ? undefined : Number(written));
    if (value !== undefined && Number.isFinite(value) && value >= 0 && value <= 100) potency[key] = value;
  }
  return potency;
}

/** A package's lab results as stored (migration 040's `lab_results`, JSON), or null when it has none. */
export const storedLab = (text: string | null | undefined): PackageLab | null =>
  text ? (JSON.parse(text) as PackageLab) : null;

/** A manager's change of a package's details: a date as `YYYY-MM-DD`, null (or '') to clear it. */
export interface PackageDetailsChange {
  packagedOn?: string | null;
  expiresOn?: string | null;
  labResults?: string | null;
}

/** The change checked against the package's dates now: what to write, or the field refused and why. */
export type CheckedDetails =
  | { ok: true; packagedOn?: IsoDate | null; expiresOn?: IsoDate | null; labResults?: string | null }
  | { ok: false; field: 'packagedOn' | 'expiresOn' | 'labResults'; why: string };

const DATE_WORDS = { packagedOn: 'packaged date', expiresOn: 'expiry date' } as const;

/**
 * A change checked: each date a real day written `YYYY-MM-DD`; expiry not before packaging (with
 * the date kept where the change leaves one out); lab results at most 200 characters. `why` ends a
 * sentence that begins with the field's name ("expiresOn is before the packaged date…").
 */
export function checkPackageDetails(
  change: PackageDetailsChange,
  now: { packagedOn: IsoDate | null; expiresOn: IsoDate | null },
): CheckedDetails {
  const out: Extract<CheckedDetails, { ok: true }> = { ok: true };
  for (const field of ['packagedOn', 'expiresOn'] as const) {
    const value = change[field];
    if (value === undefined) continue;
    const text = value === null ? '' : value.trim();
    if (text !== '' && !isIsoDate(text)) {
      return { ok: false, field, why: `must be a date such as 2026-11-30, not "${text.slice(0, 40)}"` };
    }
    out[field] = text === '' ? null : text;
  }
  const packagedOn = out.packagedOn !== undefined ? out.packagedOn : now.packagedOn;
  const expiresOn = out.expiresOn !== undefined ? out.expiresOn : now.expiresOn;
  if (packagedOn && expiresOn && expiresOn < packagedOn) {
    const field = change.expiresOn !== undefined ? 'expiresOn' : 'packagedOn';
    const why =
      field === 'expiresOn'
        ? `must not be before the ${DATE_WORDS.packagedOn} (${packagedOn}): "${expiresOn}"`
        : `must not be after the ${DATE_WORDS.expiresOn} (${expiresOn}): "${packagedOn}"`;
    return { ok: false, field, why };
  }
  if (change.labResults !== undefined) {
    const text = (change.labResults ?? '').trim();
    if (text.length > PACKAGE_LAB_MAX) {
      return {
        ok: false,
        field: 'labResults',
        why: `must be at most ${PACKAGE_LAB_MAX} characters, not ${text.length}`,
      };
    }
    out.labResults = text === '' ? null : text;
  }
  return out;
}
