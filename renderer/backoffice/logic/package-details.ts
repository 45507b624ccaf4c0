import type { PackageDetailsRequest, PackageView } from '../../../shared/contracts/rooms';
import { longDate } from '../../../shared/compliance/calendar';
import { checkPackageDetails, dayInWords, expiryInWords } from '../../../shared/inventory/package-details';
import { tagWords } from './room-words';

/** The service's names of the details form's fields, as the form labels them, for its refusals. */
export const DETAILS_FIELD_LABELS: Readonly<Record<string, string>> = {
  packagedOn: 'Packaged date',
  expiresOn: 'Expiry date',
  labResults: 'Lab results',
};

/** The details form as typed: dates as a date field gives them (YYYY-MM-DD, '' for none). */
export interface DetailsDraft {
  packagedOn: string;
  expiresOn: string;
  labResults: string;
}

/** The form filled from the package: its dates and its lab results as the line shown. */
export const draftOf = (pkg: Pick<PackageView, 'packagedOn' | 'expiresOn' | 'labWords'>): DetailsDraft => ({
  packagedOn: pkg.packagedOn ?? '',
  expiresOn: pkg.expiresOn ?? '',
  labResults: pkg.labWords,
});

/**
 * The form checked as the service checks it, sending only what changed: the request, or the field
 * refused and why in a sentence ("Expiry date must not be before the packaged date…").
 */
export function checkDetails(
  draft: DetailsDraft,
  pkg: Pick<PackageView, 'packagedOn' | 'expiresOn' | 'labWords'>,
): { ok: true; body: PackageDetailsRequest } | { ok: false; field: string; sentence: string } {
  const was = draftOf(pkg);
  const body: PackageDetailsRequest = {};
  if (draft.packagedOn.trim() !== was.packagedOn) body.packagedOn = draft.packagedOn.trim();
  if (draft.expiresOn.trim() !== was.expiresOn) body.expiresOn = draft.expiresOn.trim();
  if (draft.labResults.trim() !== was.labResults) body.labResults = draft.labResults.trim();
  if (Object.keys(body).length === 0) {
    return { ok: false, field: 'packagedOn', sentence: 'Nothing is changed: change a date or the lab results.' };
  }
  const checked = checkPackageDetails(body, pkg);
  const packaged = body.packagedOn ?? pkg.packagedOn;
  const expires = body.expiresOn ?? pkg.expiresOn;
  if (!checked.ok && checked.why.startsWith('must not be') && packaged && expires) {
    // The dates as the form shows them, not as the service writes them.
    const sentence =
      checked.field === 'expiresOn'
        ? `Expiry date must not be before the packaged date, ${longDate(packaged)}.`
        : `Packaged date must not be after the expiry date, ${longDate(expires)}.`;
    return { ok: false, field: checked.field, sentence };
  }
  if (!checked.ok) {
    return { ok: false, field: checked.field, sentence: `${DETAILS_FIELD_LABELS[checked.field]} ${checked.why}.` };
  }
  return { ok: true, body };
}

/** What saving did: "Saved package 1A40…01: expires May 2, 2027." */
export function detailsSavedWords(pkg: PackageView, today: string): string {
  const expiry = pkg.expiresOn ? `expires ${dayInWords(pkg.expiresOn, today)}` : 'no expiry date';
  return `Saved package ${tagWords(pkg.label)}: ${expiry}.`;
}

/** The expiry as the list shows it: "May 2, 2027" and "Expires in 12 days" (warning within 30 days or past). */
export function expiryCell(expiresOn: string | null, today: string) {
  return { date: dayInWords(expiresOn, today), ...expiryInWords(expiresOn, today) };
}
