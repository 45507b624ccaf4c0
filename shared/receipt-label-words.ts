import type { ReceiptLabelResult } from './contracts/receipt-labels.js';

/** Skipped packages named, at most this many (the rest counted). */
const NAMED = 3;

const labelsWord = (count: number) => `${count} package ${count === 1 ? 'label' : 'labels'}`;

/** "Skipped 1 package: 1A4F…202 of Watermelon Gummies: it has no stock left." ('' when none was). */
function skippedWords(result: Pick<ReceiptLabelResult, 'packages'>): string {
  const skipped = result.packages.filter((pkg) => pkg.result === 'skipped');
  if (skipped.length === 0) return '';
  const named = skipped.slice(0, NAMED).map((pkg) => `${pkg.label} of ${pkg.productName}: ${pkg.skipped ?? 'skipped'}`);
  const more = skipped.length > NAMED ? `; and ${skipped.length - NAMED} more` : '';
  return ` Skipped ${skipped.length === 1 ? '1 package' : `${skipped.length} packages`}: ${named.join('; ')}${more}.`;
}

/**
 * How a print of a delivery's labels went, for people (the back office's Receiving and `servicepay
 * inventory labels`): "Printed 2 package labels of manifest 0004512873 on front-1's printer.", the
 * packages skipped and why; or that they did not print, and the printer's problem.
 */
export function receiptLabelWords(
  result: Pick<ReceiptLabelResult, 'printed' | 'problem' | 'printer' | 'manifestNumber' | 'labels' | 'packages'>,
): string {
  const skipped = skippedWords(result);
  const problem = (result.problem ?? 'The printer did not take the print').replace(/\.?$/, '.');
  if (result.printed) {
    return `Printed ${labelsWord(result.labels)} of manifest ${result.manifestNumber} on ${result.printer}'s printer.${skipped}`;
  }
  if (result.labels === 0) return `${problem}${skipped}`;
  const which = result.labels === 1 ? 'The package label' : `The ${labelsWord(result.labels)}`;
  return `${which} of manifest ${result.manifestNumber} did not print on ${result.printer}'s printer. ${problem}`;
}
